import { Anchor, Button, Text } from '@mantine/core';
import type { Project } from '@workhub/shared/schemas/work';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { DueDate } from '../../../components/due-date.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { TagBadges } from '../../../components/tag-badges.tsx';
import { personName } from '../../../lib/labels.ts';

type ProjectTableProps = {
  projects: Project[];
  /** The archived list: Name, Created By, Due Date, Activate. */
  archived: boolean;
  mayEdit: boolean;
  mayArchive: boolean;
  /** The project whose status is being changed, if any. */
  changingId: string | null;
  onToggleArchived: (project: Project) => void;
};

/**
 * /project/list (spec section 2): Name, Created By, Status, Due Date, Milestone (View), Task (View),
 * Edit, Deactivate. /project/archived: Name, Created By, Due Date, Activate. Edit and the status
 * buttons show only where `can()` allows them. The order is the server's (the list's sort filter
 * runs over every page), so the headers do not sort.
 */
export const ProjectTable = ({
  projects,
  archived,
  mayEdit,
  mayArchive,
  changingId,
  onToggleArchived,
}: ProjectTableProps) => (
  <DataTable
    label={archived ? 'Archived projects' : 'Projects'}
    minWidth={archived ? 560 : 880}
    rows={projects}
    rowKey={(project) => project.project_id}
    columns={[
      {
        key: 'name',
        header: 'Name',
        cell: (project) => (
          <>
            <Text fw={600} size="sm">
              {project.name}
            </Text>
            <TagBadges tags={project.tags} />
          </>
        ),
      },
      { key: 'creator', header: 'Created By', cell: (project) => personName(project) },
      !archived && {
        key: 'status',
        header: 'Status',
        cell: (project) => <StatusBadge kind="project" status={project.status} />,
      },
      {
        key: 'due',
        header: 'Due Date',
        cell: (project) => (
          <DueDate date={project.due_date} finished={archived || project.status === 'complete'} />
        ),
      },
      !archived && {
        key: 'milestones',
        header: 'Milestone',
        cell: (project) => (
          <Anchor
            component={Link}
            to={`/milestone/${project.project_id}`}
            size="sm"
            aria-label="View milestones"
          >
            View
          </Anchor>
        ),
      },
      !archived && {
        key: 'tasks',
        header: 'Task',
        cell: (project) => (
          <Anchor component={Link} to={`/task/${project.project_id}`} size="sm" aria-label="View tasks">
            View
          </Anchor>
        ),
      },
      !archived &&
        mayEdit && {
          key: 'edit',
          header: 'Edit',
          cell: (project) => (
            <Anchor component={Link} to={`/project/${project.project_id}/edit`} size="sm">
              Edit
            </Anchor>
          ),
        },
      mayArchive && {
        key: 'archive',
        header: archived ? 'Activate' : 'Archive',
        cell: (project) => (
          <Button
            size="xs"
            variant="light"
            color={archived ? 'green' : 'red'}
            loading={changingId === project.project_id}
            disabled={changingId !== null && changingId !== project.project_id}
            onClick={() => onToggleArchived(project)}
          >
            {archived ? 'Activate' : 'Deactivate'}
          </Button>
        ),
      },
    ]}
  />
);
