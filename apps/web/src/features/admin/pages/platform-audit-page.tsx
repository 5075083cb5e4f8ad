import { Paper } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { AuditFilterForm, useAuditFilters } from '../../../components/audit-filter-form.tsx';
import { AuditTable } from '../../../components/audit-table.tsx';
import { EmptyList } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePlatformAuditLog } from '../api/get-platform-audit-log.ts';

/** /admin/audit: the platform's audit log for staff (sign-in failures, plans, subscribers), or one account's. */
export const PlatformAuditPage = () => {
  useDocumentTitle(messages.adminAuditTitle);
  const { filters, apply, page, setPage, filtered } = useAuditFilters();
  const log = usePlatformAuditLog(filters, page);

  return (
    <>
      <PageHeader title={messages.adminAuditTitle} description={messages.adminAuditIntro} />
      <Paper withBorder radius="md" p="lg" component="section" aria-label={messages.adminAuditTitle}>
        <AuditFilterForm value={filters} onApply={apply} withAccount />
        <AuditTable
          withAccount
          entries={log.data?.data}
          loading={log.isPending}
          error={log.error}
          onRetry={() => void log.refetch()}
          empty={
            <EmptyList
              title={filtered ? messages.noRecord : messages.auditEmpty}
              description={filtered ? messages.auditNoMatch : messages.auditEmptyHint}
            />
          }
          pagination={
            log.data ? { meta: log.data.meta, page, onChange: setPage, noun: ['event', 'events'] } : undefined
          }
        />
      </Paper>
    </>
  );
};
