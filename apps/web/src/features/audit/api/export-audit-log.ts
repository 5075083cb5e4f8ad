import type { AuditFilterForm } from '@workhub/shared/schemas/audit';
import { download } from '../../../lib/api-client.ts';
import { listQuery } from '../../../lib/api-types.ts';

/** GET /api/audit/export with the page's filters (no paging): saves audit-log-<day>.csv. */
export const exportAuditLog = (filters: AuditFilterForm) =>
  download(
    `/api/audit/export${listQuery({ ...filters })}`,
    `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
  );
