import { Paper, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { SUBSCRIBER_SEARCH_MAX, type Subscriber } from '@workhub/shared/schemas/admin';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PeopleSearch } from '../../../components/people-search.tsx';
import { useConfirmedSwitchOff } from '../../../lib/use-confirmed-switch-off.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePageInRange } from '../../../lib/use-page-param.ts';
import { useSearchedPage } from '../../../lib/use-searched-page.ts';
import { useSubscribers } from '../api/get-subscribers.ts';
import { useSetSubscriberStatus } from '../api/set-subscriber-status.ts';
import { holderName } from '../components/subscriber-labels.ts';
import { SubscribersTable } from '../components/subscribers-table.tsx';

/** /team for platform staff: every account holder, searchable, 14 a page, with the status switch. */
export const SubscribersPage = () => {
  useDocumentTitle('Subscribers');
  const { page, setPage, search, onSearch, q } = useSearchedPage();
  const subscribers = useSubscribers(page, q);
  usePageInRange(subscribers.data?.meta);
  const setStatus = useSetSubscriberStatus();
  // Making an account inactive shuts out its holder and every member at once: it asks first.
  // Making it active again does not.
  const deactivation = useConfirmedSwitchOff(
    (row: Subscriber) => row.status === 'active',
    (row: Subscriber) =>
      setStatus.mutateAsync({
        accountId: row.account_id,
        status: row.status === 'active' ? 'inactive' : 'active',
      }),
    messages.subscriberStatusChanged,
  );
  const deactivating = deactivation.asking;

  return (
    <>
      <PageHeader
        title="Subscribers"
        description="Every account holder and their plan. An inactive account shuts out its holder and their team."
      />
      <Paper withBorder radius="md" p="lg" component="section" aria-label="Subscribers">
        <PeopleSearch value={search} onChange={onSearch} maxLength={SUBSCRIBER_SEARCH_MAX} />
        <QueryState query={subscribers} errorTitle="The subscribers could not be loaded">
          {({ data, meta }) =>
            data.length === 0 ? (
              q ? (
                <EmptyList title={messages.noRecord} description={`No subscriber matches “${q}”.`} />
              ) : (
                <EmptyList
                  title="No subscribers yet"
                  description="Account holders appear here once they sign up."
                />
              )
            ) : (
              <>
                <SubscribersTable
                  subscribers={data}
                  togglingId={setStatus.isPending ? (setStatus.variables?.accountId ?? null) : null}
                  onToggleStatus={deactivation.toggle}
                />
                <ListPagination
                  meta={meta}
                  page={page}
                  onChange={setPage}
                  noun={['subscriber', 'subscribers']}
                />
              </>
            )
          }
        </QueryState>
      </Paper>
      <ConfirmDialog
        opened={deactivating !== null}
        title="Make this account inactive?"
        confirmLabel="Make inactive"
        busy={setStatus.isPending}
        onCancel={deactivation.cancel}
        onConfirm={deactivation.confirm}
      >
        <Text size="sm">
          {deactivating ? `${holderName(deactivating)} (${deactivating.email})` : ''} and every member lose
          the account's workspaces: their open pages are refused and they cannot sign in to them. Its public
          pages (booking pages, queue boards) go offline. Making the account active again gives it all back,
          open sessions included. Nothing is deleted.
        </Text>
      </ConfirmDialog>
    </>
  );
};
