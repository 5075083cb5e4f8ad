import { Badge, Group, Stack, Text } from '@mantine/core';
import type { DashboardStats } from '@workhub/shared/schemas/dashboard';
import { Panel, PanelEmpty } from '../../../components/panel.tsx';
import { formatDate } from '../../../lib/labels.ts';

/** 'in_progress' -> 'In progress'. */
const statusLabel = (status: string) => {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

type ProjectsPanelProps = { projects: DashboardStats['projects_recent'] };

/** The most recently updated projects; 'See all' goes to the project list. */
export const ProjectsPanel = ({ projects }: ProjectsPanelProps) => (
  <Panel title="Projects" seeAll="/project/list">
    {projects.length === 0 ? (
      <PanelEmpty>No projects yet.</PanelEmpty>
    ) : (
      <Stack gap="sm">
        {projects.map((project) => (
          // The due date and status keep whole: beside the name where the card is wide enough for
          // both, under it on a phone (the badge read 'IN PROGRE…' and the date took three lines).
          <Group key={project.project_id} justify="space-between" gap="xs" wrap="wrap" style={{ rowGap: 2 }}>
            <Text size="sm" fw={600} truncate title={project.name} style={{ flex: '1 1 10rem', minWidth: 0 }}>
              {project.name}
            </Text>
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                Due {formatDate(project.due_date)}
              </Text>
              <Badge variant="light" size="sm">
                {statusLabel(project.status)}
              </Badge>
            </Group>
          </Group>
        ))}
      </Stack>
    )}
  </Panel>
);
