import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberStatus } from '@workhub/shared/enums';
import type { TeamMember } from '@workhub/shared/schemas/team';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope, ListPage } from '../../../lib/api-types.ts';
import { teamKey } from './get-team.ts';

/** PATCH /api/team/:userId/status { status: '1' | '0' }: 'Cool !!!' and the updated member. */
export const setMemberStatus = ({ userId, status }: { userId: string; status: MemberStatus }) =>
  apiRequest<Envelope<TeamMember>>(`/api/team/${encodeURIComponent(userId)}/status`, {
    method: 'PATCH',
    body: { status: status === 'active' ? '1' : '0' },
  });

/** Spec section 4: the row is replaced by the server's answer (no reload of the list). */
export const useSetMemberStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberStatus,
    onSuccess: (answer) => {
      queryClient.setQueriesData<ListPage<TeamMember>>({ queryKey: teamKey }, (page) => {
        if (!page || !Array.isArray(page.data)) return page;
        return {
          ...page,
          data: page.data.map((member) => (member.user_id === answer.data.user_id ? answer.data : member)),
        };
      });
    },
  });
};
