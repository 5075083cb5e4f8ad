import { Button } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { Link } from 'react-router';
import { EmptyList } from './data-states.tsx';

/** A workspace page opened before any workspace was chosen. */
export const NoWorkspaceState = () => (
  <EmptyList
    page
    title="Choose a workspace first"
    description="This page shows the data of one workspace. Pick the workspace you want to work in."
  >
    <Button component={Link} to="/workspace">
      Choose a workspace
    </Button>
  </EmptyList>
);

/** A page the user's role may not open (docs/permissions.md); the sidebar does not link it. */
export const ForbiddenState = ({ description = messages.forbidden }: { description?: string }) => (
  <EmptyList page title="You cannot open this page" description={description}>
    <Button component={Link} to="/workspace" variant="default">
      Back to my workspaces
    </Button>
  </EmptyList>
);
