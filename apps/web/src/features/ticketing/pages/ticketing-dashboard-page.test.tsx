import { fireEvent, screen } from '@testing-library/react';
import { type TicketingDashboard, ticketingMessages } from '@workhub/shared/schemas/ticketing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { reportingResizeObserver } from '../../../test/resize-observer.ts';
import { routeFetch } from '../../../test/route-fetch.ts';
import { TicketingDashboardPage } from './ticketing-dashboard-page.tsx';

const fetchMock = mockFetchPerTest();

const figures = (patch: Partial<TicketingDashboard> = {}): TicketingDashboard => ({
  day: '2026-11-25',
  time_zone: 'UTC',
  empty: false,
  has_sample: false,
  today_by_service: [
    {
      service_id: 's1',
      service_name: 'Deposits',
      waiting: 3,
      called: 1,
      serving: 0,
      done: 12,
      no_show: 1,
      total: 17,
    },
  ],
  wait_avg_minutes: 6.5,
  wait_p90_minutes: 14,
  service_avg_minutes: 4.2,
  service_p90_minutes: 7,
  per_hour: Array.from({ length: 24 }, (_, hour) => ({
    hour,
    tickets: hour === 9 ? 5 : hour === 10 ? 8 : 0,
  })),
  counters: [{ counter_id: 'c1', counter_name: 'Window 1', served: 12 }],
  no_show_rate: 7.7,
  tickets_30d: 1904,
  ...patch,
});

/** The dashboard's figures. */
const answers = (dashboard: TicketingDashboard) =>
  routeFetch(fetchMock, {
    'GET /api/ticketing/dashboard': () => jsonResponse(200, { data: dashboard }),
  });
const queueCalls = () => calledUrls(fetchMock).filter((url) => url.startsWith('/api/ticketing'));

describe('TicketingDashboardPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the "Today" table inside its card on a phone: the table scrolls, not the page', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'owner'));
    answers(figures());
    reportingResizeObserver();
    // jsdom lays nothing out: a 390 px phone's card around the seven columns' wider table.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(340);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(528);
    renderWithData(<TicketingDashboardPage />, '/dashboard_ticketing');
    const region = await screen.findByRole('region', { name: 'Today by service, scrollable' });
    expect(region.querySelector('table')?.textContent).toContain('Deposits');
    expect(region.getAttribute('tabindex')).toBe('0');
  });

  it('shows the waits, the service times, the no-show rate, today by service and the hours', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'owner'));
    answers(figures());
    renderWithData(<TicketingDashboardPage />, '/dashboard_ticketing');
    expect(await screen.findByTestId('stat-Average wait')).toHaveProperty('textContent', '6.5 min');
    expect(screen.getByText('90% within 14 min')).toBeTruthy();
    expect(screen.getByTestId('stat-No-show rate').textContent).toBe('7.7%');
    expect(screen.getByRole('row', { name: 'Deposits 3 1 0 12 1 17' })).toBeTruthy();
    expect(
      screen.getByRole('table', { name: 'Tickets per hour of the day over the last 30 days' }),
    ).toBeTruthy();
    expect(screen.getByText('12 served')).toBeTruthy();
    // Counts read as the other figures do, with a thousands separator.
    expect(screen.getByTestId('stat-Tickets (30 days)').textContent).toBe('1,904');
    expect(queueCalls()).toEqual(['/api/ticketing/dashboard']);
  });

  it("gives the addresses of the queue's kiosk and display board, to open on their screens", async () => {
    // A worker too: the slug comes with the session's workspace; GET /api/workspaces/:id, which
    // answered it before, refuses a worker (a 403 on every load, and no addresses shown).
    signIn(fakeWorkspaceAuthSession('ticketing', 'worker', { public_slug: 'city-queue' }));
    answers(figures());
    renderWithData(<TicketingDashboardPage />, '/dashboard_ticketing');
    const kiosk = `${window.location.origin}/q/city-queue/take`;
    const board = `${window.location.origin}/q/city-queue/board`;
    expect(await screen.findByRole('link', { name: kiosk })).toHaveProperty('href', kiosk);
    expect(screen.getByRole('link', { name: board })).toHaveProperty('href', board);
    expect(screen.getByText(/Customers take tickets at/)).toBeTruthy();
    expect(calledUrls(fetchMock).filter((url) => url.startsWith('/api/workspaces'))).toEqual([]);
  });

  it('offers "Load sample data" on an empty module to a manager, and loads it', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'admin'));
    routeFetch(fetchMock, {
      'GET /api/ticketing/dashboard': (
        (dashboards) => () =>
          dashboards.shift() as Response
      )([
        jsonResponse(200, { data: figures({ empty: true, today_by_service: [] }) }),
        jsonResponse(200, { data: figures({ has_sample: true }) }),
      ]),
      'POST /api/ticketing/sample-data': () =>
        jsonResponse(201, { data: { services: 3, counters: 3, tickets: 900 } }),
    });
    renderWithData(<TicketingDashboardPage />, '/dashboard_ticketing');
    fireEvent.click(await screen.findByRole('button', { name: 'Load sample data' }));
    expect(await screen.findByRole('button', { name: 'Clear sample data' })).toBeTruthy();
    expect(queueCalls().slice(0, 2)).toEqual(['/api/ticketing/dashboard', '/api/ticketing/sample-data']);
  });

  it('shows the queue another tab filled when its own load is refused', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'admin'));
    // The other tab's load committed after this one read the module as empty.
    let filled = false;
    routeFetch(fetchMock, {
      'GET /api/ticketing/dashboard': () =>
        jsonResponse(200, {
          data: filled ? figures({ has_sample: true }) : figures({ empty: true, today_by_service: [] }),
        }),
      'POST /api/ticketing/sample-data': () => {
        filled = true;
        return jsonResponse(409, { error: { code: 'CONFLICT', message: ticketingMessages.sampleNotEmpty } });
      },
    });
    renderWithData(<TicketingDashboardPage />, '/dashboard_ticketing');
    fireEvent.click(await screen.findByRole('button', { name: 'Load sample data' }));
    expect(await screen.findByRole('button', { name: 'Clear sample data' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load sample data' })).toBeNull();
  });

  it('asks before clearing the sample data', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'owner'));
    answers(figures({ has_sample: true }));
    renderWithData(<TicketingDashboardPage />, '/dashboard_ticketing');
    fireEvent.click(await screen.findByRole('button', { name: 'Clear sample data' }));
    expect(await screen.findByRole('dialog', { name: 'Clear the sample data?' })).toBeTruthy();
    expect(queueCalls()).toEqual(['/api/ticketing/dashboard']);
  });

  it('hides the sample data from a worker', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'worker'));
    answers(figures({ empty: true, today_by_service: [] }));
    renderWithData(<TicketingDashboardPage />, '/dashboard_ticketing');
    expect(await screen.findByText('Your queue is empty')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load sample data' })).toBeNull();
  });

  it("shows a customer their own tickets instead of the queue's figures", async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'customer'));
    const mine = jsonResponse(200, {
      data: [
        {
          id: 't1',
          public_id: 'p1',
          number: 'A-004',
          service_id: 's1',
          service_name: 'Accounts',
          service_day: '2026-11-25',
          priority: false,
          status: 'waiting',
          source: 'kiosk',
          counter_id: null,
          counter_name: null,
          recall_count: 0,
          queued_at: '2026-11-25T08:00:00.000Z',
          called_at: null,
          started_at: null,
          finished_at: null,
          sample: false,
          created_at: '2026-11-25T08:00:00.000Z',
          updated_at: '2026-11-25T08:00:00.000Z',
          people_ahead: 2,
          estimated_wait_minutes: 10,
          counter_open: true,
        },
      ],
      meta: { page: 1, limit: 14, total: 1 },
    });
    routeFetch(fetchMock, {
      'GET /api/ticketing/my-tickets': () => mine,
      'GET /api/ticketing/my-queue': () =>
        jsonResponse(200, {
          data: { workspace_name: 'Q', public_slug: 'q-1', open_now: true, services: [] },
        }),
    });
    renderWithData(<TicketingDashboardPage />, '/dashboard_ticketing');
    expect(await screen.findByText('2 ahead · about 10 min')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My tickets' })).toBeTruthy();
    // The customer's calls only: never the queue's figures (GET /api/ticketing/dashboard).
    expect(calledUrls(fetchMock).sort()).toEqual([
      '/api/ticketing/my-queue',
      '/api/ticketing/my-tickets?page=1',
    ]);
  });
});
