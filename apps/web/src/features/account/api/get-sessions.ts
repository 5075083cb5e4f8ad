import { useQuery } from '@tanstack/react-query';
import type { ActiveSession } from '@workhub/shared/schemas/account';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';

export const sessionsKey = ['me', 'sessions'] as const;

/** GET /api/me/sessions: the user's signed-in devices; `current` marks this one. */
export const getSessions = async (): Promise<ActiveSession[]> =>
  (await apiRequest<Envelope<ActiveSession[]>>('/api/me/sessions')).data;

export const useSessions = () => {
  const scope = useSessionScope('user');
  return useQuery({ queryKey: [...sessionsKey, scope], queryFn: getSessions });
};
