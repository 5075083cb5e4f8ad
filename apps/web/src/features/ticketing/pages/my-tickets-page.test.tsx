import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ticketingMessages } from '@workhub/shared/schemas/ticketing';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { MyTicketsPage } from './my-tickets-page.tsx';

const fetchMock = mockFetchPerTest();
const QUEUE = {
  workspace_name: 'Branch',
  public_slug: 'branch-1a2b3c',
  open_now: true,
  services: [
    {
      id: '0b6a0c55-1d8e-4a51-9f4a-5b0a7c0c2a01',
      name: 'Accounts',
      prefix: 'A',
      waiting: 2,
      counter_open: true,
    },
    {
      id: '0b6a0c55-1d8e-4a51-9f4a-5b0a7c0c2a02',
      name: 'Bills',
      prefix: 'B',
      waiting: 0,
      counter_open: true,
    },
  ],
};
const NO_TICKETS = { data: [], meta: { page: 1, limit: 14, total: 0 } };
const ISSUED = {
  id: 't1',
  public_id: '7d7c0f1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f',
  number: 'B-001',
  service_id: '0b6a0c55-1d8e-4a51-9f4a-5b0a7c0c2a02',
  service_name: 'Bills',
  service_day: '2026-11-25',
  priority: true,
  status: 'waiting',
  source: 'kiosk',
  counter_id: null,
  counter_name: null,
  recall_count: 0,
  queued_at: '2026-11-25T10:00:00.000Z',
  called_at: null,
  started_at: null,
  finished_at: null,
  sample: false,
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  people_ahead: 0,
  estimated_wait_minutes: 0,
  counter_open: true,
};

const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([url, init]) => [String(url), JSON.parse(String((init as RequestInit).body))]);

describe('MyTicketsPage: take a ticket', () => {
  it("takes a ticket of the chosen service, priority, and links to the ticket's live page", async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'customer'));
    routeFetch(fetchMock, {
      'GET /api/ticketing/my-queue': () => jsonResponse(200, { data: QUEUE }),
      'GET /api/ticketing/my-tickets': () => jsonResponse(200, NO_TICKETS),
      'POST /api/ticketing/my-tickets': () => jsonResponse(201, { data: ISSUED, message: 'Ticket issued' }),
    });
    renderWithData(<MyTicketsPage />, '/ticketing/my-tickets');
    // The form's heading comes next under the page's h1 (no level skipped).
    expect(screen.getByRole('heading', { level: 2, name: 'Take a ticket' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: 'Bills' }));
    fireEvent.click(screen.getByLabelText(/^Priority/));
    fireEvent.click(screen.getByRole('button', { name: 'Take a ticket' }));
    expect((await screen.findByTestId('my-ticket-number')).textContent).toBe('B-001');
    expect(screen.getByTestId('my-ticket-place').textContent).toBe('You are next · less than a minute');
    expect(posts()).toEqual([
      ['/api/ticketing/my-tickets', { service_id: '0b6a0c55-1d8e-4a51-9f4a-5b0a7c0c2a02', priority: true }],
    ]);
    expect(screen.getByRole('link', { name: 'Follow this ticket live' }).getAttribute('href')).toBe(
      `/q/branch-1a2b3c/t/${ISSUED.public_id}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Take another ticket' }));
    expect(await screen.findByRole('button', { name: 'Take a ticket' })).toBeTruthy();
  });

  it('gives the focus to the ticket once taken by keyboard, and back to the form for another', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('ticketing', 'customer'));
    routeFetch(fetchMock, {
      'GET /api/ticketing/my-queue': () => jsonResponse(200, { data: QUEUE }),
      'GET /api/ticketing/my-tickets': () => jsonResponse(200, NO_TICKETS),
      'POST /api/ticketing/my-tickets': () => jsonResponse(201, { data: ISSUED, message: 'Ticket issued' }),
    });
    renderWithData(<MyTicketsPage />, '/ticketing/my-tickets');
    await user.click(await screen.findByRole('radio', { name: 'Bills' }));
    screen.getByRole('button', { name: 'Take a ticket' }).focus();
    await user.keyboard('{Enter}');
    const number = await screen.findByTestId('my-ticket-number');
    await waitFor(() => expect(document.activeElement).toBe(number));
    screen.getByRole('button', { name: 'Take another ticket' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Accounts' })));
  });

  it('asks for a service before sending anything', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'customer'));
    routeFetch(fetchMock, {
      'GET /api/ticketing/my-queue': () => jsonResponse(200, { data: QUEUE }),
      'GET /api/ticketing/my-tickets': () => jsonResponse(200, NO_TICKETS),
    });
    renderWithData(<MyTicketsPage />, '/ticketing/my-tickets');
    fireEvent.click(await screen.findByRole('button', { name: 'Take a ticket' }));
    const accounts = screen.getByRole('radio', { name: 'Accounts' });
    await waitFor(() => expect(accounts.getAttribute('aria-invalid')).toBe('true'));
    // The message is read out with the group, and the focus is on its first service.
    const group = screen.getByRole('radiogroup', { name: /^Service/ });
    const described = (group.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      ticketingMessages.serviceUnknown,
    );
    expect(document.activeElement).toBe(accounts);
    expect(posts()).toEqual([]);
  });

  it("shows the server's refusal (the queue closed meanwhile) under the service", async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'customer'));
    routeFetch(fetchMock, {
      'GET /api/ticketing/my-queue': () => jsonResponse(200, { data: QUEUE }),
      'GET /api/ticketing/my-tickets': () => jsonResponse(200, NO_TICKETS),
      'POST /api/ticketing/my-tickets': () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: 'The queue is closed now' } }),
    });
    renderWithData(<MyTicketsPage />, '/ticketing/my-tickets');
    fireEvent.click(await screen.findByRole('radio', { name: 'Accounts' }));
    fireEvent.click(screen.getByRole('button', { name: 'Take a ticket' }));
    expect(await screen.findByText('The queue is closed now')).toBeTruthy();
    expect(screen.queryByTestId('my-ticket-number')).toBeNull();
  });

  it("shows each service's whole name, however long, with its waiting count, chosen by keyboard", async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('ticketing', 'customer'));
    const long = 'Extraordinarily thorough consultation and complete account restyling for businesses';
    routeFetch(fetchMock, {
      'GET /api/ticketing/my-queue': () =>
        jsonResponse(200, {
          data: { ...QUEUE, services: [QUEUE.services[0], { ...QUEUE.services[1], name: long, waiting: 3 }] },
        }),
      'GET /api/ticketing/my-tickets': () => jsonResponse(200, NO_TICKETS),
      'POST /api/ticketing/my-tickets': () => jsonResponse(201, { data: ISSUED, message: 'Ticket issued' }),
    });
    renderWithData(<MyTicketsPage />, '/ticketing/my-tickets');
    // A native select showed the chosen option in one line, cut to the box ('Extraordinarily thoro').
    const choice = await screen.findByRole('radio', { name: long });
    const described = (choice.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain('3 waiting');
    // One Tab stop: Tab reaches the first service, an arrow the next (and chooses it).
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Accounts' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(choice);
    expect((choice as HTMLInputElement).checked).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('switch', { name: /^Priority/ }));
    screen.getByRole('button', { name: 'Take a ticket' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByTestId('my-ticket-number');
    expect(posts()).toEqual([
      ['/api/ticketing/my-tickets', { service_id: '0b6a0c55-1d8e-4a51-9f4a-5b0a7c0c2a02', priority: false }],
    ]);
  });

  it('says when the queue is closed and disables the button; an error state when the queue fails to load', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'customer'));
    routeFetch(fetchMock, {
      'GET /api/ticketing/my-queue': () => jsonResponse(200, { data: { ...QUEUE, open_now: false } }),
      'GET /api/ticketing/my-tickets': () => jsonResponse(200, NO_TICKETS),
    });
    const first = renderWithData(<MyTicketsPage />, '/ticketing/my-tickets');
    expect(await screen.findByText('Closed now')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Take a ticket' }) as HTMLButtonElement).disabled).toBe(true);
    first.unmount();
    routeFetch(fetchMock, {
      'GET /api/ticketing/my-queue': () =>
        jsonResponse(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } }),
      'GET /api/ticketing/my-tickets': () => jsonResponse(200, NO_TICKETS),
    });
    renderWithData(<MyTicketsPage />, '/ticketing/my-tickets');
    expect(await screen.findByText("The queue's services could not be loaded")).toBeTruthy();
  });
});

describe('MyTicketsPage: my tickets', () => {
  it('says "You are next" for a waiting ticket nobody is ahead of, the people and minutes otherwise', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'customer'));
    const later = {
      ...ISSUED,
      id: '0b6a0c55-1d8e-4a51-9f4a-5b0a7c0c2a0e',
      number: 'B-002',
      people_ahead: 2,
      estimated_wait_minutes: 8,
    };
    routeFetch(fetchMock, {
      'GET /api/ticketing/my-queue': () => jsonResponse(200, { data: QUEUE }),
      'GET /api/ticketing/my-tickets': () =>
        jsonResponse(200, { data: [ISSUED, later], meta: { page: 1, limit: 14, total: 2 } }),
    });
    renderWithData(<MyTicketsPage />, '/ticketing/my-tickets');
    expect(await screen.findByText('You are next')).toBeTruthy();
    expect(screen.getByText('2 ahead · about 8 min')).toBeTruthy();
    expect(screen.queryByText(/0 min/)).toBeNull();
    // On a phone the number and the day would break at their hyphens.
    for (const text of ['B-002', '2026-11-25'])
      expect(screen.getAllByText(text)[0]?.closest('td')?.className).toMatch(/nowrap/);
  });

  it('still offers a service no counter serves, saying so; its tickets say they keep their place, with no wait', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'customer'));
    const unserved = { ...ISSUED, counter_open: false };
    const QUEUE_UNSERVED = {
      ...QUEUE,
      services: [QUEUE.services[0], { ...QUEUE.services[1], counter_open: false }],
    };
    routeFetch(fetchMock, {
      'GET /api/ticketing/my-queue': () => jsonResponse(200, { data: QUEUE_UNSERVED }),
      'GET /api/ticketing/my-tickets': () =>
        jsonResponse(200, { data: [unserved], meta: { page: 1, limit: 14, total: 1 } }),
      'POST /api/ticketing/my-tickets': () => jsonResponse(201, { data: unserved, message: 'Ticket issued' }),
    });
    renderWithData(<MyTicketsPage />, '/ticketing/my-tickets');
    const note =
      'No counter is serving Bills right now: you keep your place and will be called when one opens';
    expect(await screen.findByText(note)).toBeTruthy();
    expect(screen.queryByText('You are next')).toBeNull();
    const bills = await screen.findByRole('radio', { name: 'Bills' });
    expect(bills.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('0 waiting · No counter is serving it right now')).toBeTruthy();
    fireEvent.click(bills);
    fireEvent.click(screen.getByRole('button', { name: 'Take a ticket' }));
    expect((await screen.findByTestId('my-ticket-number')).textContent).toBe('B-001');
    expect(screen.getByTestId('my-ticket-place').textContent).toBe(note);
  });
});
