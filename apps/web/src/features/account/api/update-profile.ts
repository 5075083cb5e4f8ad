import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileBody } from '@workhub/shared/schemas/account';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { patchUser } from '../../../lib/session-store.ts';
import { profileKey } from './get-profile.ts';

/** PATCH /api/me/profile: names, contact details, address and notes; 'Profile updated'. */
export const updateProfile = (body: ProfileBody) =>
  apiRequest<Envelope<Profile>>('/api/me/profile', { method: 'PATCH', body });

/** The session user takes the saved names, so the user menu shows the new full name at once. */
export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      patchUser({ first_name: answer.data.first_name, last_name: answer.data.last_name });
      return queryClient.invalidateQueries({ queryKey: profileKey });
    },
  });
};
