import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { barberKey, invalidateBarber } from './query-keys.ts';

export type BarberDashboard = {
  timezone: string;
  today: string;
  has_data: boolean;
  has_sample: boolean;
  today_staff: {
    staff_id: string;
    name: string;
    appointments: number;
    booked_minutes: number;
    working_minutes: number;
    utilisation: number | null;
  }[];
  today_appointments: number;
  revenue_per_week: { week: string; revenue: string }[];
  bookings_per_weekday: { weekday: number; bookings: number }[];
  top_services: { name: string; bookings: number; revenue: string }[];
  staff_sales: { name: string; appointments: number; revenue: string }[];
  no_show_rate: number | null;
  returning_customer_rate: number | null;
};

/** GET /api/barber/dashboard. */
export const useBarberDashboard = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...barberKey, scope, 'dashboard'],
    queryFn: async () => (await apiRequest<Envelope<BarberDashboard>>('/api/barber/dashboard')).data,
  });
};

/** POST (load) or DELETE (clear) /api/barber/sample-data. */
export const useSampleData = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'load' | 'clear') =>
      apiRequest<Envelope<Record<string, number>>>('/api/barber/sample-data', {
        method: action === 'load' ? 'POST' : 'DELETE',
      }),
    onSettled: () => invalidateBarber(queryClient),
  });
};
