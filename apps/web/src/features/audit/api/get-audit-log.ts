import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@workhub/shared/constants';
import type { AuditEntry, AuditFilterForm } from '@workhub/shared/schemas/audit';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ListPage, listQuery } from '../../../lib/api-types.ts';

export const auditLogKey = ['audit'] as const;

/** GET /api/audit?page=&limit=&action=&actor=&entity_type=&from=&to=: one page of the account's log. */
export const getAuditLog = (filters: AuditFilterForm, page: number, limit = PAGE_SIZE_DEFAULT) =>
  apiRequest<ListPage<AuditEntry>>(`/api/audit${listQuery({ page, limit, ...filters })}`);

export const useAuditLog = (filters: AuditFilterForm, page: number) =>
  useQuery({
    queryKey: [...auditLogKey, { filters, page }],
    queryFn: () => getAuditLog(filters, page),
    placeholderData: keepPreviousData,
  });
