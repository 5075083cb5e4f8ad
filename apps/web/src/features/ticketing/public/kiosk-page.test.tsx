import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type BoardState, ticketingMessages } from '@workhub/shared/schemas/ticketing';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { KIOSK_REFRESH_MS } from './api/get-board.ts';
import { KioskPage } from './kiosk-page.tsx';

const fetchMock = mockFetchPerTest();

const board = (patch: Partial<BoardState> = {}): BoardState => ({
  workspace_name: 'Harambee Branch',
  version: 'v1',
  open_now: true,
  opening_hours: [],
  services: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Deposits',
      prefix: 'D',
      waiting: 2,
      counter_open: true,
    },
  ],
  counters: [],
  next: [],
  ...patch,
});

// The page brings the app's query client (public pages are outside the signed-in providers):
// each test its own queue, so no test reads another's cached board.
const kiosk = (slug = 'harambee-1a2b3c') =>
  renderWithData(
    <Routes>
      <Route path="/q/:slug/take" element={<KioskPage />} />
    </Routes>,
    `/q/${slug}/take`,
  );

describe('KioskPage', () => {
  it('issues a priority ticket and shows its number, the people ahead and the link to follow it', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { data: board() }))
      .mockResolvedValueOnce(
        jsonResponse(201, {
          data: {
            public_id: '22222222-2222-4222-8222-222222222222',
            number: 'D-003',
            service_name: 'Deposits',
            priority: true,
            status: 'waiting',
            counter_name: null,
            people_ahead: 0,
            estimated_wait_minutes: 0,
            counter_open: true,
            queued_at: '2026-11-25T08:00:00.000Z',
          },
        }),
      )
      .mockResolvedValue(jsonResponse(200, { data: board() }));
    kiosk();
    expect(await screen.findByText('Harambee Branch')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Priority/));
    fireEvent.click(screen.getByRole('button', { name: /Deposits/ }));
    expect((await screen.findByTestId('ticket-number')).textContent).toBe('D-003');
    expect(screen.getByTestId('people-ahead').textContent).toBe('You are next');
    expect(screen.getByTestId('estimated-wait').textContent).toBe('Less than a minute');
    expect(screen.getByRole('link', { name: 'Follow my ticket' }).getAttribute('href')).toBe(
      '/q/harambee-1a2b3c/t/22222222-2222-4222-8222-222222222222',
    );
    const post = fetchMock.mock.calls[1];
    expect(post?.[0]).toBe('/api/public/queues/harambee-1a2b3c/tickets');
    expect(JSON.parse(String((post?.[1] as RequestInit | undefined)?.body))).toEqual({
      service_id: '11111111-1111-4111-8111-111111111111',
      priority: true,
    });
    // The next customer at this kiosk starts from a normal ticket.
    fireEvent.click(screen.getByRole('button', { name: 'Take another ticket' }));
    expect(((await screen.findByLabelText(/Priority/)) as HTMLInputElement).checked).toBe(false);
  });

  it('still offers a service no counter serves, saying so, and promises no wait on its ticket', async () => {
    const unserved = board({
      services: [
        {
          id: '11111111-1111-4111-8111-111111111111',
          name: 'Deposits',
          prefix: 'D',
          waiting: 2,
          counter_open: false,
        },
      ],
    });
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { data: unserved }))
      .mockResolvedValueOnce(
        jsonResponse(201, {
          data: {
            public_id: '22222222-2222-4222-8222-222222222222',
            number: 'D-003',
            service_name: 'Deposits',
            priority: false,
            status: 'waiting',
            counter_name: null,
            people_ahead: 0,
            estimated_wait_minutes: 0,
            counter_open: false,
            queued_at: '2026-11-25T08:00:00.000Z',
          },
        }),
      )
      .mockResolvedValue(jsonResponse(200, { data: unserved }));
    kiosk('unserved-1');
    const button = await screen.findByRole('button', {
      name: 'Deposits 2 waiting No counter is serving it right now',
    });
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    expect((await screen.findByTestId('ticket-number')).textContent).toBe('D-003');
    expect(screen.getByTestId('no-counter').textContent).toBe(
      'No counter is serving Deposits right now: you keep your place and will be called when one opens',
    );
    expect(screen.queryByTestId('people-ahead')).toBeNull();
    expect(screen.queryByTestId('estimated-wait')).toBeNull();
  });

  it('says when the queue is closed, with its opening hours, and offers no ticket', async () => {
    const hours = [
      { weekday: 1, opens_at: '08:00', closes_at: '17:00' },
      { weekday: 6, opens_at: '09:00', closes_at: '12:30' },
    ];
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { data: board({ open_now: false, opening_hours: hours }) }),
    );
    kiosk('closed-queue-1');
    expect(await screen.findByText('Closed now')).toBeTruthy();
    expect(
      screen.getByText(/Please come back during the opening hours: Mon 08:00–17:00, Sat 09:00–12:30\./),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /Deposits/ }).hasAttribute('disabled')).toBe(true);
  });

  it('left running, reads its queue again: it opens when the queue opens, and its counts move', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fetchMock
        .mockResolvedValueOnce(jsonResponse(200, { data: board({ open_now: false }) }))
        .mockResolvedValue(jsonResponse(200, { data: board({ open_now: true }) }));
      kiosk('opening-queue-1');
      expect(await screen.findByText('Closed now')).toBeTruthy();
      await vi.advanceTimersByTimeAsync(KIOSK_REFRESH_MS);
      await waitFor(() => expect(screen.queryByText('Closed now')).toBeNull());
      expect(screen.getByRole('button', { name: /Deposits/ }).hasAttribute('disabled')).toBe(false);
      expect(
        calledUrls(fetchMock).filter((url) => url === '/api/public/queues/opening-queue-1'),
      ).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns to "Closed now" at once when a ticket is refused because the queue closed since it was read', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { data: board({ open_now: true }) }))
      .mockResolvedValueOnce(
        jsonResponse(409, { error: { code: 'QUEUE_CLOSED', message: ticketingMessages.closedNow } }),
      )
      .mockResolvedValue(jsonResponse(200, { data: board({ open_now: false }) }));
    kiosk('closing-queue-1');
    fireEvent.click(await screen.findByRole('button', { name: /Deposits/ }));
    const refusal = await screen.findByRole('alert', { name: 'No ticket was issued' });
    expect(refusal.textContent).toMatch(ticketingMessages.closedNow);
    expect(await screen.findByRole('alert', { name: 'Closed now' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Deposits/ }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the server’s refusal', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { data: board() }))
      .mockResolvedValueOnce(
        jsonResponse(409, { error: { code: 'CONFLICT', message: 'This service is not taking tickets' } }),
      );
    kiosk('refusing-queue-1');
    fireEvent.click(await screen.findByRole('button', { name: /Deposits/ }));
    expect((await screen.findByRole('alert')).textContent).toMatch('This service is not taking tickets');
  });

  it('says an unknown queue could not be found', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } }));
    kiosk('unknown-queue-1');
    expect(await screen.findByText('This queue could not be found', {}, { timeout: 5000 })).toBeTruthy();
    expect(calledUrls(fetchMock)[0]).toBe('/api/public/queues/unknown-queue-1');
    // Asking again finds nothing more: no "Try again", and not the server's bare "Not found.".
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByText('Not found.')).toBeNull();
  });

  it('offers "Try again" when the server fails, and loads the queue then', { timeout: 15_000 }, async () => {
    const down = () => jsonResponse(503, { error: { code: 'INTERNAL', message: 'Try later' } });
    // The first read and the query client's two retries fail.
    fetchMock
      .mockResolvedValueOnce(down())
      .mockResolvedValueOnce(down())
      .mockResolvedValueOnce(down())
      .mockResolvedValue(jsonResponse(200, { data: board() }));
    kiosk('failing-queue-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 }));
    expect(await screen.findByText('Harambee Branch')).toBeTruthy();
  });

  it('gives the focus to the ticket once taken by keyboard, and back to the services for another', async () => {
    const user = userEvent.setup();
    const issued = {
      public_id: '22222222-2222-4222-8222-222222222222',
      number: 'D-004',
      service_name: 'Deposits',
      priority: false,
      status: 'waiting',
      counter_name: null,
      people_ahead: 2,
      estimated_wait_minutes: 6,
      queued_at: '2026-11-25T08:00:00.000Z',
    };
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { data: board() }))
      .mockResolvedValueOnce(jsonResponse(201, { data: issued }))
      .mockResolvedValue(jsonResponse(200, { data: board() }));
    kiosk('keyboard-queue-1');
    (await screen.findByRole('button', { name: /Deposits/ })).focus();
    await user.keyboard('{Enter}');
    const number = await screen.findByTestId('ticket-number');
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect(number.getAttribute('aria-describedby')).toBeTruthy();
    screen.getByRole('button', { name: 'Take another ticket' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /Deposits/ })),
    );
  });

  it('shows the whole of a long or right-to-left service name, wrapped, and always its waiting count', async () => {
    const long = `Pneumonoultramicroscopicsilicovolcanoconiosis ${'x'.repeat(54)}`;
    const rtl = 'עברית exe.png مهمة عاجلة';
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        data: board({
          services: [
            {
              id: '11111111-1111-4111-8111-111111111111',
              name: long,
              prefix: 'L',
              waiting: 3,
              counter_open: true,
            },
            {
              id: '33333333-3333-4333-8333-333333333333',
              name: rtl,
              prefix: 'R',
              waiting: 1,
              counter_open: true,
            },
          ],
        }),
      }),
    );
    kiosk('long-names-1');
    const longButton = await screen.findByRole('button', { name: `${long} 3 waiting` });
    const rtlButton = screen.getByRole('button', { name: `${rtl} 1 waiting` });
    for (const [button, name] of [
      [longButton, long],
      [rtlButton, rtl],
    ] as const) {
      const shown = within(button).getByTestId('service-name');
      // Wrapped, two lines at most (the rest behind an ellipsis, the whole name in its title),
      // in the name's own direction.
      expect(shown.getAttribute('title')).toBe(name);
      expect(shown.getAttribute('dir')).toBe('auto');
      expect(shown.getAttribute('data-line-clamp')).toBe('true');
      const label = shown.closest('.mantine-Button-label') as HTMLElement;
      expect(getComputedStyle(label).whiteSpace).toBe('normal');
    }
  });
});
