import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { TICKET_SEARCH_MAX, type Ticket } from '@workhub/shared/schemas/ticketing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calledUrls } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { listOf } from '../../../test/page-kit.ts';
import { expectEmptyThenErrorAndRetry } from '../../../test/page-states.tsx';
import { onPhone } from '../../../test/phone.ts';
import { rowWith } from '../../../test/table.ts';
import { SERVICE_ID, serviceOf, ticketingPageKit } from './ticketing-test-kit.ts';
import { TicketsPage } from './tickets-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

// Taken at 23:41 UTC on 29 November: 02:41 on the 30th in Nairobi, the queue's day.
const ticket: Ticket = {
  id: 't1',
  public_id: 'p1',
  number: 'A-002',
  service_id: SERVICE_ID,
  service_name: 'Accounts',
  service_day: '2026-11-30',
  priority: false,
  status: 'done',
  source: 'kiosk',
  counter_id: null,
  counter_name: 'Window 1',
  recall_count: 0,
  queued_at: '2026-11-29T23:41:00.000Z',
  called_at: '2026-11-29T23:50:00.000Z',
  started_at: '2026-11-29T23:51:00.000Z',
  finished_at: '2026-11-30T00:05:00.000Z',
  sample: false,
  created_at: '2026-11-29T23:41:00.000Z',
  updated_at: '2026-11-30T00:05:00.000Z',
};

const settings = (time_zone: string) => () =>
  jsonResponse(200, { data: { time_zone, no_show_after_recalls: 3, opening_hours: [] } });
const routes = {
  'GET /api/ticketing/settings': settings('Africa/Nairobi'),
  'GET /api/ticketing/services': () => jsonResponse(200, listOf([serviceOf()])),
  'GET /api/ticketing/tickets': () => jsonResponse(200, listOf([ticket])),
};
const page = { element: <TicketsPage />, path: '/ticketing/tickets', routes };
const { fetchMock, signInAs, open, openHeld } = ticketingPageKit(page);

describe('TicketsPage', () => {
  it("shows Loading, then the tickets' times in the queue's time zone, the zone its day is counted in", async () => {
    signInAs('worker');
    const answer = openHeld('GET /api/ticketing/tickets');
    expect(await screen.findByRole('status')).toBeTruthy();
    answer(jsonResponse(200, listOf([ticket])));
    await screen.findByRole('table', { name: 'Tickets' });
    const row = rowWith('A-002');
    expect(row.getByText('2026-11-30')).toBeTruthy();
    expect(row.getByText(/^02:41/)).toBeTruthy();
    expect(row.getByText(/^02:50/)).toBeTruthy();
    expect(row.getByText(/^03:05/)).toBeTruthy();
    expect(screen.getByText(/Times in Africa\/Nairobi, the queue's time zone/)).toBeTruthy();
    // On a phone a day or a number would break at its hyphen, a time before its AM/PM.
    for (const text of ['A-002', '2026-11-30', /^02:41/])
      expect(row.getByText(text).closest('td')?.className).toMatch(/nowrap/);
  });

  it('reads the same tickets in UTC for a queue kept in UTC', async () => {
    signInAs('worker');
    open({ 'GET /api/ticketing/settings': settings('UTC') });
    await screen.findByRole('table', { name: 'Tickets' });
    expect(rowWith('A-002').getByText(/^11:41/)).toBeTruthy();
  });

  it('shows the empty state, and the error with a retry', async () => {
    signInAs('worker');
    await expectEmptyThenErrorAndRetry(
      fetchMock,
      { ...page, list: 'GET /api/ticketing/tickets' },
      { empty: listOf([]), full: listOf([ticket]) },
      { empty: 'No tickets yet', errorTitle: 'The tickets could not be loaded', table: 'Tickets' },
    );
  });

  it('keeps its search, filters, sort and page in the address: a reload or Back shows the same list', async () => {
    signInAs('worker');
    open({}, `/ticketing/tickets?q=A-0&status=done&service_id=${SERVICE_ID}&sort=number&day=2026-11-30`);
    await screen.findByRole('table', { name: 'Tickets' });
    expect(
      (screen.getByRole('searchbox', { name: 'Search (A-012 or service)' }) as HTMLInputElement).value,
    ).toBe('A-0');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('done');
    expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('number');
    const asked = calledUrls(fetchMock).filter((url) => url.startsWith('/api/ticketing/tickets?'));
    const params = new URL(asked[0] ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      q: 'A-0',
      status: 'done',
      service_id: SERVICE_ID,
      day: '2026-11-30',
      sort: 'number',
      page: '1',
    });
    // What the address holds that no filter takes is left out, not sent.
    cleanup();
    fetchMock.mockClear();
    open({}, '/ticketing/tickets?status=nonsense&sort=%00');
    await screen.findByRole('table', { name: 'Tickets' });
    const plain = calledUrls(fetchMock).find((url) => url.startsWith('/api/ticketing/tickets?')) ?? '';
    expect(plain).not.toContain('status=');
    expect(plain).toContain('sort=-queued_at');
  });

  it('on a phone folds status, service, day and sort behind "Filters"; the search and Export stay', async () => {
    onPhone(true);
    signInAs('worker');
    open();
    await screen.findByRole('table', { name: 'Tickets' });
    // No longer a search than the ticket list's API takes (50, not the other lists' 100).
    expect(
      screen.getByRole('searchbox', { name: 'Search (A-012 or service)' }).getAttribute('maxlength'),
    ).toBe(String(TICKET_SEARCH_MAX));
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
    expect(screen.queryByLabelText('Status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'number' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'done' } });
    expect(screen.getByRole('button', { name: 'Filters, 2 set' })).toBeTruthy();
    expect(screen.getByLabelText('Service')).toBeTruthy();
    expect(screen.getByLabelText('Day')).toBeTruthy();
    // One tap empties them all, and the list is asked for again without them.
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
    expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('-queued_at');
    await waitFor(() => {
      const last = calledUrls(fetchMock)
        .filter((url) => url.startsWith('/api/ticketing/tickets'))
        .at(-1);
      expect(last).not.toContain('status=');
    });
  });
});

afterEach(() => vi.restoreAllMocks());
