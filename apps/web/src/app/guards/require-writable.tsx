import { Button } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { EmptyList } from '../../components/data-states.tsx';
import { useAccountAccess } from '../../lib/use-account-access.ts';

/**
 * A page that only creates or changes records (a create or edit form). While the account is
 * read-only (trial or paid period over) it says so instead of showing a form the API would refuse;
 * the shell's banner above carries the upgrade. As a layout route it guards its child routes.
 */
export const RequireWritable = ({ children }: { children?: ReactNode }) => {
  const { readOnly } = useAccountAccess();
  if (readOnly) {
    return (
      <EmptyList title="This account is read-only" description={messages.readOnlyAccount}>
        <Button component={Link} to="/workspace" variant="default">
          Back to my workspaces
        </Button>
      </EmptyList>
    );
  }
  return children ?? <Outlet />;
};
