import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BarberStaff, BarberStaffBody } from '@workhub/shared/schemas/barber';
import { apiRequest, download } from '../../../lib/api-client.ts';
import { type Envelope, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { barberKey, invalidateBarber } from './query-keys.ts';

export type StaffListParams = { q?: string | undefined; active?: 'true' | 'false' | undefined };

/** GET /api/barber/staff?q=&active=: the staff (every one by default) with services, hours, breaks and days off. */
export const useStaff = (params: StaffListParams = {}) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...barberKey, scope, 'staff', params],
    queryFn: async () =>
      (await apiRequest<Envelope<BarberStaff[]>>(`/api/barber/staff${listQuery(params)}`)).data,
  });
};

/** GET /api/barber/staff/export: the list as searched and filtered, as CSV. */
export const exportStaff = (params: StaffListParams) =>
  download(`/api/barber/staff/export${listQuery(params)}`, 'salon-staff.csv');

/** GET /api/barber/staff/:id: one staff member, as their edit reads them again after a 412. */
export const getStaffMember = async (id: string) =>
  (await apiRequest<Envelope<BarberStaff>>(`/api/barber/staff/${encodeURIComponent(id)}`)).data;

/**
 * POST /api/barber/staff, or PATCH /api/barber/staff/:id with `id` (the whole record), made against
 * `version` (its updated_at as the dialog opened it): 412 EDIT_CONFLICT when saved over since.
 */
export const useSaveStaff = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
      version,
    }: {
      id?: string;
      body: BarberStaffBody;
      version?: string | undefined;
    }) =>
      apiRequest<Envelope<BarberStaff>>(
        id ? `/api/barber/staff/${encodeURIComponent(id)}` : '/api/barber/staff',
        {
          method: id ? 'PATCH' : 'POST',
          body,
          ifMatch: id ? version : undefined,
        },
      ),
    onSuccess: () => invalidateBarber(queryClient),
  });
};
