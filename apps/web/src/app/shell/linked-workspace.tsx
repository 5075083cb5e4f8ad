import { Alert, Button, Text } from '@mantine/core';
import { isUuid } from '@workhub/shared/text';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadingState } from '../../components/data-states.tsx';
import { chooseWorkspace } from '../../features/workspace/api/choose-workspace.ts';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { useSession } from '../../lib/use-session.ts';

/** The query parameter a link into a workspace's record carries (the task mail's link). */
export const WORKSPACE_PARAM = 'workspace';

/** Why the workspace of a link could not be opened, in words. */
const refusalOf = (error: unknown): string =>
  error instanceof ApiError && error.status === 404
    ? 'This link is for a workspace you are not a member of. Ask its owner for an invitation, or open one of your workspaces.'
    : errorMessage(error);

/**
 * A link into a workspace's record (`/task/view/{id}?workspace={id}`, from a mail) opened while the
 * session acts in another workspace, or in the user's own account: the page would answer 'Not
 * found', since records are read in the session's workspace. The session first switches to the
 * link's workspace (as the picker does, only for a member), then the page shows and the parameter
 * leaves the address. A switch refused (not a member, access inactive, workspace archived) says
 * why and offers the workspaces; an id that is no id is dropped.
 */
export const LinkedWorkspace = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = searchParams.get(WORKSPACE_PARAM);
  const current = session.status === 'signed_in' ? (session.user.workspace?.workspace_id ?? null) : null;
  const valid = linked !== null && isUuid(linked);
  const mustSwitch = valid && linked !== current;
  const [failure, setFailure] = useState<{ id: string; error: unknown } | null>(null);

  useEffect(() => {
    if (!mustSwitch || linked === null) return;
    let live = true;
    chooseWorkspace(linked).catch((error: unknown) => {
      if (live) setFailure({ id: linked, error });
    });
    return () => {
      live = false;
    };
  }, [mustSwitch, linked]);

  // In the link's workspace (or the parameter is no id): the address without it.
  useEffect(() => {
    if (linked === null || mustSwitch) return;
    setSearchParams(
      (params) => {
        params.delete(WORKSPACE_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [linked, mustSwitch, setSearchParams]);

  if (!mustSwitch) return children;
  if (failure?.id === linked) {
    return (
      <Alert color="yellow" title="This link's workspace could not be opened" role="alert" maw={720}>
        <Text size="sm" mb="sm">
          {refusalOf(failure.error)}
        </Text>
        <Button component={Link} to="/workspace" size="xs" variant="default">
          Your workspaces
        </Button>
      </Alert>
    );
  }
  return <LoadingState />;
};
