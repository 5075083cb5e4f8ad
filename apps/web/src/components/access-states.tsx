import { Alert, Button } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { Link } from 'react-router';
import { useLostWorkspace } from '../lib/lost-workspace.ts';
import { EmptyList } from './data-states.tsx';

/**
 * Where the session was just put out of a workspace (lib/lost-workspace.ts): which, and why. On
 * the picker, where a removed member's page sends them.
 */
export const LostWorkspaceNotice = () => {
  const lost = useLostWorkspace();
  if (!lost) return null;
  return (
    <Alert color="orange" title={`You no longer have access to ${lost.name}`} role="status">
      {lost.reason ?? messages.workspaceLost}
    </Alert>
  );
};

/**
 * A workspace page opened outside any workspace: before one was chosen, or just after the session
 * was put out of one (removed from its team, access made inactive, archived), which it then names.
 */
export const NoWorkspaceState = () => {
  const lost = useLostWorkspace();
  return (
    <EmptyList
      page
      title={lost ? `You no longer have access to ${lost.name}` : 'Choose a workspace first'}
      description={
        lost
          ? (lost.reason ?? messages.workspaceLost)
          : 'This page shows the data of one workspace. Pick the workspace you want to work in.'
      }
    >
      <Button component={Link} to="/workspace">
        Choose a workspace
      </Button>
    </EmptyList>
  );
};

/** A page the user's role may not open (docs/permissions.md); the sidebar does not link it. */
export const ForbiddenState = ({ description = messages.forbidden }: { description?: string }) => (
  <EmptyList page title="You cannot open this page" description={description}>
    <Button component={Link} to="/workspace" variant="default">
      Back to my workspaces
    </Button>
  </EmptyList>
);
