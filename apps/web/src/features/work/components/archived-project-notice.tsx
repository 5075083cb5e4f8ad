import { Alert, Anchor, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { can } from '@workhub/shared/permissions';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/use-auth.ts';
import { isArchivedProject, type ProjectState } from '../use-work-may.ts';

/**
 * Why a project's milestones and tasks show no New, Edit, Delete or status control: the project is
 * archived (the API's own message). Who may archive and restore projects gets the way to the
 * archived projects, where it is restored. Nothing for a project that is not archived.
 */
export const ArchivedProjectNotice = ({ project }: { project: ProjectState | undefined }) => {
  const auth = useAuth();
  if (!isArchivedProject(project)) return null;
  return (
    <Alert color="gray" variant="light" title="Archived" mb="md">
      <Text size="sm">
        {messages.projectArchivedNoChanges}{' '}
        {auth !== null && can(auth, 'project:archive') ? (
          <Anchor component={Link} to="/project/archived" size="sm">
            Go to the archived projects
          </Anchor>
        ) : null}
      </Text>
    </Alert>
  );
};
