import { Paper } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { AuditFilterForm, useAuditFilters } from '../../../components/audit-filter-form.tsx';
import { AuditTable } from '../../../components/audit-table.tsx';
import { EmptyList } from '../../../components/data-states.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { exportAuditLog } from '../api/export-audit-log.ts';
import { useAuditLog } from '../api/get-audit-log.ts';

/** /settings/audit: the account's audit log for its owner, filtered, 14 a page, exported as CSV. */
export const AuditLogPage = () => {
  useDocumentTitle(messages.auditTitle);
  const { filters, apply, page, setPage, filtered } = useAuditFilters();
  const log = useAuditLog(filters, page);

  return (
    <>
      <PageHeader
        title={messages.auditTitle}
        description={messages.auditIntro}
        actions={<ExportCsvButton onExport={() => exportAuditLog(filters)} />}
      />
      <Paper withBorder radius="md" p="lg" component="section" aria-label={messages.auditTitle}>
        <AuditFilterForm value={filters} onApply={apply} />
        <AuditTable
          entries={log.data?.data}
          loading={log.isPending}
          error={log.error}
          onRetry={() => void log.refetch()}
          empty={
            filtered ? (
              <EmptyList title={messages.noRecord} description={messages.auditNoMatch} />
            ) : (
              <EmptyList title={messages.auditEmpty} description={messages.auditEmptyHint} />
            )
          }
          pagination={
            log.data ? { meta: log.data.meta, page, onChange: setPage, noun: ['event', 'events'] } : undefined
          }
        />
      </Paper>
    </>
  );
};
