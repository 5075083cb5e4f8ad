import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BarberStaff, BarberStaffBody } from '@workhub/shared/schemas/barber';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { barberKey, invalidateBarber } from './query-keys.ts';

/** GET /api/barber/staff: every staff member with services, hours, breaks and days off. */
export const useStaff = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...barberKey, scope, 'staff'],
    queryFn: async () => (await apiRequest<Envelope<BarberStaff[]>>('/api/barber/staff')).data,
  });
};

/** POST /api/barber/staff, or PATCH /api/barber/staff/:id with `id` (the whole record). */
export const useSaveStaff = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: BarberStaffBody }) =>
      apiRequest<Envelope<BarberStaff>>(
        id ? `/api/barber/staff/${encodeURIComponent(id)}` : '/api/barber/staff',
        {
          method: id ? 'PATCH' : 'POST',
          body,
        },
      ),
    onSuccess: () => invalidateBarber(queryClient),
  });
};
