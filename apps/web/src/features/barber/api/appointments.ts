import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Appointment,
  AppointmentBody,
  AppointmentMoveBody,
  AppointmentStatus,
  AppointmentStep,
} from '@workhub/shared/schemas/barber';
import { apiRequest, download } from '../../../lib/api-client.ts';
import { type Envelope, type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { barberKey, invalidateBarber } from './query-keys.ts';

export type AppointmentListParams = {
  q?: string;
  status?: AppointmentStatus;
  staff_id?: string;
  customer_id?: string;
  from?: string;
  to?: string;
  page: number;
  limit?: number;
};

/** GET /api/barber/appointments with search, filters and a page. */
export const useAppointments = (params: AppointmentListParams) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...barberKey, scope, 'appointments', params],
    queryFn: () =>
      apiRequest<ListPage<Appointment>>(`/api/barber/appointments${listQuery({ limit: 14, ...params })}`),
    placeholderData: keepPreviousData,
  });
};

/** GET /api/barber/appointments/export: the same filters as a CSV file. */
export const exportAppointments = (params: Omit<AppointmentListParams, 'page' | 'limit'>) =>
  download(`/api/barber/appointments/export${listQuery(params)}`, 'appointments.csv');

export type CalendarDay = { date: string; timezone: string; appointments: Appointment[] };

/** GET /api/barber/calendar?date=: a day's appointments. */
export const useCalendar = (date: string) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...barberKey, scope, 'calendar', date],
    queryFn: async () =>
      (await apiRequest<Envelope<CalendarDay>>(`/api/barber/calendar${listQuery({ date })}`)).data,
    // No day yet (the shop's today waits for its time zone): nothing to ask for.
    enabled: date !== '',
    placeholderData: keepPreviousData,
  });
};

/** POST /api/barber/appointments. */
export const useBook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppointmentBody) =>
      apiRequest<Envelope<Appointment>>('/api/barber/appointments', { method: 'POST', body }),
    onSuccess: () => invalidateBarber(queryClient),
  });
};

/** POST /api/barber/appointments/:id/{check-in,done,cancel,no-show}. */
export const useAppointmentStep = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, step }: { id: string; step: AppointmentStep }) =>
      apiRequest<Envelope<Appointment>>(`/api/barber/appointments/${encodeURIComponent(id)}/${step}`, {
        method: 'POST',
      }),
    onSettled: () => invalidateBarber(queryClient),
  });
};

/** GET /api/barber/appointments/:id: one appointment, as an edit reads it again after a 412. */
export const getAppointment = async (id: string) =>
  (await apiRequest<Envelope<Appointment>>(`/api/barber/appointments/${encodeURIComponent(id)}`)).data;

/**
 * PATCH /api/barber/appointments/:id: move to another start and/or staff member, or change the
 * services. Made against `version` (its updated_at as the desk was shown it): 412 when changed since.
 */
export const useMoveAppointment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      version,
      ...body
    }: AppointmentMoveBody & { id: string; version?: string | undefined }) =>
      apiRequest<Envelope<Appointment>>(`/api/barber/appointments/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
        ifMatch: version,
      }),
    onSettled: () => invalidateBarber(queryClient),
  });
};

/** GET /api/barber/walk-ins: today's walk-in queue. */
export const useWalkIns = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...barberKey, scope, 'walk-ins'],
    queryFn: async () => (await apiRequest<Envelope<Appointment[]>>('/api/barber/walk-ins')).data,
  });
};

/** POST /api/barber/walk-ins: the earliest free start from now. */
export const useAddWalkIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      service_ids: string[];
      staff_id: string | null;
      customer: { name: string; phone?: string };
    }) => apiRequest<Envelope<Appointment>>('/api/barber/walk-ins', { method: 'POST', body }),
    onSettled: () => invalidateBarber(queryClient),
  });
};

/** GET /api/barber/my-appointments: a customer's own appointments. */
export const useMyAppointments = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...barberKey, scope, 'mine'],
    queryFn: async () => (await apiRequest<Envelope<Appointment[]>>('/api/barber/my-appointments')).data,
  });
};

/** POST /api/barber/my-appointments/:id/cancel: a customer cancels their own booking. */
export const useCancelMyAppointment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<Envelope<Appointment>>(`/api/barber/my-appointments/${encodeURIComponent(id)}/cancel`, {
        method: 'POST',
      }),
    onSettled: () => invalidateBarber(queryClient),
  });
};
