import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { ActiveSession } from '@workhub/shared/schemas/account';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useFocusAfterRowGone } from '../../../lib/focus-after-row-gone.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSessions } from '../api/get-sessions.ts';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { SessionsTable } from '../components/sessions-table.tsx';

/** 'Active sessions': every signed-in device, with 'Sign out' for one or for all the others. */
const ActiveSessions = () => {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  // Signing every other device out cannot be taken back (each must sign in again): asked first.
  const [askOthers, setAskOthers] = useState(false);
  // A device's Sign out goes with its row, and Sign out all others is off once they are gone: the
  // focus goes on to the next device's Sign out, else to this section's heading.
  const rememberFocus = useFocusAfterRowGone(sessions.data, revoke.isPending || revokeOthers.isPending, () =>
    document.getElementById('active-sessions'),
  );

  const onRevoke = async (session: ActiveSession) => {
    rememberFocus();
    try {
      const answer = await revoke.mutateAsync(session.session_id);
      notify.success(answer.message || messages.sessionRevoked);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const onRevokeOthers = async () => {
    rememberFocus();
    try {
      const answer = await revokeOthers.mutateAsync();
      notify.success(answer.message || messages.sessionsRevoked);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setAskOthers(false);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="active-sessions">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} fz="h4" id="active-sessions">
            Active sessions
          </Title>
          <Text size="sm" c="dimmed">
            The devices signed in to your account. Sign out any you do not recognise.
          </Text>
        </Stack>
        <Button
          variant="light"
          color="red"
          onClick={() => setAskOthers(true)}
          loading={revokeOthers.isPending}
          disabled={others === 0 || revokeOthers.isPending || revoke.isPending}
        >
          Sign out all other sessions
        </Button>
      </Group>
      <QueryState query={sessions} errorTitle="Your sessions could not be loaded">
        {(data) =>
          data.length === 0 ? (
            <EmptyList title={messages.noRecord} description="No device is signed in." />
          ) : (
            <SessionsTable
              sessions={data}
              revokingId={revoke.isPending ? (revoke.variables ?? null) : null}
              onRevoke={(session) => void onRevoke(session)}
            />
          )
        }
      </QueryState>
      <ConfirmDialog
        opened={askOthers}
        title="Sign out all other sessions?"
        confirmLabel="Sign out all others"
        busy={revokeOthers.isPending}
        onCancel={() => setAskOthers(false)}
        onConfirm={onRevokeOthers}
      >
        <Text size="sm">
          {others === 1 ? 'The other device' : `The ${others} other devices`} signed in to your account will
          have to sign in again. This device stays signed in.
        </Text>
      </ConfirmDialog>
    </Paper>
  );
};

/** /user/security: change the password, see and sign out the signed-in devices. */
export const SecurityPage = () => {
  useDocumentTitle('Security');
  return (
    <>
      <PageHeader title="Security" description="Your password and the devices signed in to your account." />
      <Stack gap="lg">
        <ChangePasswordForm />
        <ActiveSessions />
      </Stack>
    </>
  );
};
