import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@workhub/shared/schemas/account';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';

export const profileKey = ['me', 'profile'] as const;

/** GET /api/me/profile: the signed-in user's own profile (spec section 3). */
export const getProfile = async (): Promise<Profile> =>
  (await apiRequest<Envelope<Profile>>('/api/me/profile')).data;

export const useProfile = () => {
  const scope = useSessionScope('user');
  return useQuery({ queryKey: [...profileKey, scope], queryFn: getProfile });
};
