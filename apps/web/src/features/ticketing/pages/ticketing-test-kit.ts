import type { Counter, Service } from '@workhub/shared/schemas/ticketing';
import { type PageUnderTest, templatePageKit } from '../../../test/page-kit.ts';

/*
 * What the queue's page tests share: the page set up in a ticketing workspace (test/page-kit.ts)
 * and the queue's records. Each file still says `vi.mock('../../../lib/notify.tsx', ...)` itself:
 * vitest hoists a mock per file.
 */

export const SERVICE_ID = '0b6a0c55-1d8e-4a51-9f4a-5b0a7c0c2a01';
export const COUNTER_ID = '0b6a0c55-1d8e-4a51-9f4a-5b0a7c0c2a09';
const at = '2026-11-25T08:00:00.000Z';

/**
 * The mocked fetch, the toasts and the page of a queue page test (see templatePageKit), with what
 * the page sent: `bodyOf(method)`, the first such call as [url, body], and `posts()`, every POST.
 */
export const ticketingPageKit = (page: PageUnderTest, options: { downloads?: boolean } = {}) => {
  const kit = templatePageKit('ticketing', page, options);
  const sent = (method: string) =>
    kit.fetchMock.mock.calls
      .filter(([, init]) => init?.method === method)
      .map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);
  return { ...kit, bodyOf: (method: string) => sent(method)[0], posts: () => sent('POST') };
};

/** Accounts (prefix A, 6 minutes a customer), active, nobody waiting. */
export const serviceOf = (patch: Partial<Service> = {}): Service => ({
  id: SERVICE_ID,
  name: 'Accounts',
  prefix: 'A',
  avg_service_minutes: 6,
  status: 'active',
  sample: false,
  waiting: 0,
  created_at: at,
  updated_at: at,
  ...patch,
});

/** Window 1, active, calling Accounts, with no operator. */
export const counterOf = (patch: Partial<Counter> = {}): Counter => ({
  id: COUNTER_ID,
  name: 'Window 1',
  operator_user_id: null,
  operator_name: null,
  status: 'active',
  sample: false,
  services: [{ id: SERVICE_ID, name: 'Accounts', prefix: 'A' }],
  created_at: at,
  updated_at: at,
  ...patch,
});
