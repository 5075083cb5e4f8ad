import { Alert, Button, Stack, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { templateDashboard } from '@workhub/shared/modules';
import type { AuthSession } from '@workhub/shared/schemas/auth';
import type { InvitationPreview } from '@workhub/shared/schemas/team';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { LoadingState } from '../../../components/data-states.tsx';
import { QueryProvider } from '../../../components/query-provider.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { formatDate, ROLE_LABELS } from '../../../lib/labels.ts';
import { logout } from '../../../lib/logout.ts';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSession } from '../../../lib/use-session.ts';
import { acceptInvitation } from '../api/accept-invitation.ts';
import { useInvitation } from '../api/get-invitation.ts';
import { type AcceptValues, NewLoginForm } from '../components/new-login-form.tsx';

/** 404 and 410: the link cannot be used any more; say why, with the server's words. */
const ClosedInvitation = ({ error }: { error: ApiError }) => {
  const expired = error.message === messages.invitationExpired;
  const accepted = error.message === messages.invitationAlreadyAccepted;
  const session = useSession();
  const signedIn = session.status === 'signed_in';
  // The server's reason, unless it only repeats the heading (a revoked or unknown link).
  const reason = accepted
    ? signedIn
      ? 'You are a member of its workspace: open it from your workspaces.'
      : 'Sign in to open its workspace.'
    : error.status === 404 || error.message === messages.invitationClosed
      ? 'The link may have been revoked or replaced by a newer one. Ask the workspace owner to invite you again.'
      : error.message;
  const title = accepted
    ? 'This invitation has already been accepted'
    : expired
      ? 'This invitation has expired'
      : 'This invitation is no longer valid';
  return (
    <AuthLayout title={title}>
      <Text>{reason}</Text>
      {signedIn ? (
        <Button component={Link} to="/workspace">
          Go to my workspaces
        </Button>
      ) : (
        <Button component={Link} to="/auth/login">
          Go to sign in
        </Button>
      )}
    </AuthLayout>
  );
};

const isClosed = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 404 || error.status === 410);

const Invitation = ({ token }: { token: string }) => {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const invitation = useInvitation(token);
  const [closed, setClosed] = useState<ApiError | null>(null);
  const [accepting, setAccepting] = useState(false);

  const enter = async (answer: { data: AuthSession; message?: string }) => {
    signIn(answer.data);
    notify.success(answer.message || messages.invitationAccepted);
    const template = answer.data.user.workspace?.template;
    await navigate(template ? templateDashboard(template) : '/workspace', { replace: true });
  };

  /** The form shows its own errors; a dead link becomes the closed screen. */
  const acceptAsNew = async (values: AcceptValues) => {
    try {
      await enter(await acceptInvitation(token, { kind: 'new', body: values }));
    } catch (error) {
      if (isClosed(error)) {
        setClosed(error);
        return;
      }
      throw error;
    }
  };

  const acceptSignedIn = async () => {
    setAccepting(true);
    try {
      await enter(await acceptInvitation(token, { kind: 'signed_in' }));
    } catch (error) {
      if (isClosed(error)) setClosed(error);
      else notify.error(errorMessage(error));
    } finally {
      setAccepting(false);
    }
  };

  const signInToAccept = async () => {
    if (session.status === 'signed_in') await logout();
    await navigate('/auth/login', { state: { from: location.pathname } });
  };

  if (closed) return <ClosedInvitation error={closed} />;
  if (invitation.isPending) {
    return (
      <AuthLayout title="Invitation">
        <LoadingState />
      </AuthLayout>
    );
  }
  if (invitation.isError) {
    if (isClosed(invitation.error)) return <ClosedInvitation error={invitation.error} />;
    return (
      <AuthLayout title="Invitation">
        <Alert color="red" title="This invitation could not be loaded" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(invitation.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void invitation.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </AuthLayout>
    );
  }

  const preview: InvitationPreview = invitation.data;
  const signedInAs = session.status === 'signed_in' ? session.user.email.toLowerCase() : null;
  const isInvitee = signedInAs === preview.email.toLowerCase();
  return (
    <AuthLayout
      title={`Join ${preview.workspace_name}`}
      subtitle={
        <>
          {preview.inviter_name} invited you to {preview.workspace_name} as {ROLE_LABELS[preview.role]}.
        </>
      }
    >
      {!preview.has_login ? (
        <>
          <Text size="sm">Choose your name and a password to create your login and join.</Text>
          <NewLoginForm preview={preview} onAccept={acceptAsNew} />
        </>
      ) : isInvitee ? (
        <>
          <Text size="sm">You are signed in as {preview.email}.</Text>
          <Button onClick={acceptSignedIn} loading={accepting} disabled={accepting} fullWidth>
            Accept invitation
          </Button>
        </>
      ) : (
        <>
          {signedInAs ? (
            <Alert color="yellow" role="alert">
              {messages.invitationWrongUser}
            </Alert>
          ) : (
            <Text size="sm">
              {preview.email} already has a login. Sign in with it, and you come back here to accept.
            </Text>
          )}
          <Button onClick={() => void signInToAccept()} fullWidth>
            Sign in to accept
          </Button>
        </>
      )}
      <Text size="xs" c="dimmed" ta="center">
        This invitation expires on {formatDate(preview.expires_at)}.
      </Text>
    </AuthLayout>
  );
};

/** /invitations/:token (public): the invitee's way into a workspace. */
export const InvitationPage = () => {
  useDocumentTitle('Invitation');
  const { token = '' } = useParams();
  return (
    <QueryProvider>
      <Invitation token={token} />
    </QueryProvider>
  );
};
