import { Anchor, Button, Table, Text } from '@mantine/core';
import type { Project } from '@workhub/shared/schemas/work';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { TagBadges } from '../../../components/tag-badges.tsx';
import { formatDate, personName } from '../../../lib/labels.ts';

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
 * buttons show only where `can()` allows them.
 */
export const ProjectTable = ({
  projects,
  archived,
  mayEdit,
  mayArchive,
  changingId,
  onToggleArchived,
}: ProjectTableProps) => (
  <Table.ScrollContainer minWidth={archived ? 560 : 880}>
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Created By</Table.Th>
          {archived ? null : <Table.Th>Status</Table.Th>}
          <Table.Th>Due Date</Table.Th>
          {archived ? null : (
            <>
              <Table.Th>Milestone</Table.Th>
              <Table.Th>Task</Table.Th>
              {mayEdit ? <Table.Th>Edit</Table.Th> : null}
            </>
          )}
          {mayArchive ? <Table.Th>{archived ? 'Activate' : 'Archive'}</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {projects.map((project) => (
          <Table.Tr key={project.project_id}>
            <Table.Td>
              <Text fw={600} size="sm">
                {project.name}
              </Text>
              <TagBadges tags={project.tags} />
            </Table.Td>
            <Table.Td>{personName(project)}</Table.Td>
            {archived ? null : (
              <Table.Td>
                <StatusBadge kind="project" status={project.status} />
              </Table.Td>
            )}
            <Table.Td>{formatDate(project.due_date)}</Table.Td>
            {archived ? null : (
              <>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/milestone/${project.project_id}`}
                    size="sm"
                    aria-label="View milestones"
                  >
                    View
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/task/${project.project_id}`}
                    size="sm"
                    aria-label="View tasks"
                  >
                    View
                  </Anchor>
                </Table.Td>
                {mayEdit ? (
                  <Table.Td>
                    <Anchor component={Link} to={`/project/${project.project_id}/edit`} size="sm">
                      Edit
                    </Anchor>
                  </Table.Td>
                ) : null}
              </>
            )}
            {mayArchive ? (
              <Table.Td>
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
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
