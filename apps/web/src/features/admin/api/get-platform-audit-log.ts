import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@workhub/shared/constants';
import type { AuditEntry, AuditFilterForm } from '@workhub/shared/schemas/audit';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ListPage, listQuery } from '../../../lib/api-types.ts';

export const platformAuditKey = ['admin', 'audit'] as const;

/** GET /api/admin/audit: one page of the platform's log, or of one account's with `account_id`. */
export const getPlatformAuditLog = (filters: AuditFilterForm, page: number, limit = PAGE_SIZE_DEFAULT) =>
  apiRequest<ListPage<AuditEntry>>(`/api/admin/audit${listQuery({ page, limit, ...filters })}`);

export const usePlatformAuditLog = (filters: AuditFilterForm, page: number) =>
  useQuery({
    queryKey: [...platformAuditKey, { filters, page }],
    queryFn: () => getPlatformAuditLog(filters, page),
    placeholderData: keepPreviousData,
  });
