import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountStatus } from '@workhub/shared/enums';
import type { Subscriber } from '@workhub/shared/schemas/admin';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope, ListPage } from '../../../lib/api-types.ts';
import { subscribersKey } from './get-subscribers.ts';

/** PATCH /api/admin/subscribers/:accountId/status: 'Cool !!!' and the updated row. */
export const setSubscriberStatus = ({ accountId, status }: { accountId: string; status: AccountStatus }) =>
  apiRequest<Envelope<Subscriber>>(`/api/admin/subscribers/${encodeURIComponent(accountId)}/status`, {
    method: 'PATCH',
    body: { status },
  });

/** Spec section 4: the row is replaced by the server's answer (no reload of the list). */
export const useSetSubscriberStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSubscriberStatus,
    onSuccess: (answer) => {
      queryClient.setQueriesData<ListPage<Subscriber>>({ queryKey: subscribersKey }, (page) => {
        if (!page || !Array.isArray(page.data)) return page;
        return {
          ...page,
          data: page.data.map((row) => (row.account_id === answer.data.account_id ? answer.data : row)),
        };
      });
    },
  });
};
