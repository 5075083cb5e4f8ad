import { useQuery } from '@tanstack/react-query';
import type { Counter, counterBody } from '@workhub/shared/schemas/ticketing';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { type CatalogListParams, catalogResource } from './catalog-resource.ts';
import { ticketingKey } from './query-keys.ts';

export type CounterListParams = CatalogListParams;

const counters = catalogResource<Counter, z.output<typeof counterBody>>('counters', {
  csv: 'queue-counters.csv',
  // The active counters, to choose one's console.
  choices: { status: 'active' },
});

/** GET /api/ticketing/counters/export: the list as searched and filtered, as CSV. */
export const exportCounters = counters.exportList;
/** GET /api/ticketing/counters?q=&status=&page=. */
export const useCounters = counters.useList;
/** The active counters, to choose one's console. */
export const useCounterChoices = counters.useChoices;
/** GET /api/ticketing/counters/:id. */
export const getCounter = counters.get;
/** POST /api/ticketing/counters or PATCH /api/ticketing/counters/:id, made against `version`. */
export const useSaveCounter = counters.useSave;

/** GET /api/ticketing/operators: the members who may work a counter. */
export const useOperators = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...ticketingKey, scope, 'operators'],
    queryFn: async () =>
      (await apiRequest<Envelope<{ user_id: string; name: string }[]>>('/api/ticketing/operators')).data,
  });
};
