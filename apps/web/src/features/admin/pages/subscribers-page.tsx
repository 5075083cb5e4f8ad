import { Paper } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { Subscriber } from '@workhub/shared/schemas/admin';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PeopleSearch } from '../../../components/people-search.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSearchedPage } from '../../../lib/use-searched-page.ts';
import { useSubscribers } from '../api/get-subscribers.ts';
import { useSetSubscriberStatus } from '../api/set-subscriber-status.ts';
import { SubscribersTable } from '../components/subscribers-table.tsx';

/** /team for platform staff: every account holder, searchable, 14 a page, with the status switch. */
export const SubscribersPage = () => {
  useDocumentTitle('Subscribers');
  const { page, setPage, search, onSearch, q } = useSearchedPage();
  const subscribers = useSubscribers(page, q);
  const setStatus = useSetSubscriberStatus();

  const onToggleStatus = async (row: Subscriber) => {
    try {
      const answer = await setStatus.mutateAsync({
        accountId: row.account_id,
        status: row.status === 'active' ? 'inactive' : 'active',
      });
      notify.success(answer.message || messages.subscriberStatusChanged);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <>
      <PageHeader
        title="Subscribers"
        description="Every account holder and their plan. An inactive account shuts out its holder and their team."
      />
      <Paper withBorder radius="md" p="lg" component="section" aria-label="Subscribers">
        <PeopleSearch value={search} onChange={onSearch} />
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
                  onToggleStatus={onToggleStatus}
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
    </>
  );
};
