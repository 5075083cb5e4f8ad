import { fireEvent, screen } from '@testing-library/react';
import type { PublicTicket } from '@workhub/shared/schemas/ticketing';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { TicketPage } from './ticket-page.tsx';

const fetchMock = mockFetchPerTest();
const ID = '22222222-2222-4222-8222-222222222222';

const publicTicket = (patch: Partial<PublicTicket> = {}): PublicTicket => ({
  public_id: ID,
  number: 'D-003',
  service_name: 'Deposits',
  priority: false,
  status: 'waiting',
  counter_name: null,
  people_ahead: 0,
  estimated_wait_minutes: 0,
  counter_open: true,
  queued_at: '2026-11-25T08:00:00.000Z',
  transferred_from: null,
  ...patch,
});

/** The ticket's calls answered by `ticket`; the board's events stream never opens (no EventSource). */
const ticketPage = (slug: string, id: string) =>
  renderWithData(
    <Routes>
      <Route path="/q/:slug/t/:id" element={<TicketPage />} />
    </Routes>,
    `/q/${slug}/t/${id}`,
  );

describe('TicketPage', () => {
  it('shows the place and "less than a minute" once nobody is ahead, the minutes otherwise', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: publicTicket() }));
    ticketPage('bank-next-1', ID);
    expect((await screen.findByTestId('people-ahead')).textContent).toBe('You are next');
    expect(screen.getByTestId('estimated-wait').textContent).toBe('Estimated wait: less than a minute');
  });

  it('says the estimate in minutes while people are ahead', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { data: publicTicket({ people_ahead: 3, estimated_wait_minutes: 12 }) }),
    );
    ticketPage('bank-ahead-1', ID);
    expect((await screen.findByTestId('people-ahead')).textContent).toBe('3 ahead of you');
    expect(screen.getByTestId('estimated-wait').textContent).toBe('Estimated wait: about 12 min');
  });

  it('says a called ticket where to go, its whole instruction wrapping on a phone (not cut off)', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { data: publicTicket({ status: 'called', counter_name: 'Window 1' }) }),
    );
    ticketPage('bank-called-1', ID);
    const status = await screen.findByTestId('ticket-status');
    expect(status.textContent).toBe('Called: please go to the counter');
    // The badge's label may take a second line; a badge's own label keeps one and ends in '…'.
    const label = status.querySelector<HTMLElement>('.mantine-Badge-label');
    expect(label?.style.whiteSpace).toBe('normal');
    expect(label?.style.overflow).toBe('visible');
    expect(screen.getByTestId('ticket-counter').textContent).toBe('Window 1');
  });

  it('says which number a ticket transferred to another service became, under its new number', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { data: publicTicket({ number: 'D-005', transferred_from: 'L-003' }) }),
    );
    ticketPage('bank-moved-1', ID);
    expect((await screen.findByTestId('ticket-transferred')).textContent).toBe(
      'Your ticket L-003 was moved to Deposits: it is now D-005',
    );
    expect(screen.getByRole('heading', { name: 'D-005' })).toBeTruthy();
    expect(screen.getByTestId('people-ahead').textContent).toBe('You are next');
  });

  it('says nothing of a transfer for a ticket never transferred', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: publicTicket() }));
    ticketPage('bank-kept-1', ID);
    expect(await screen.findByTestId('people-ahead')).toBeTruthy();
    expect(screen.queryByTestId('ticket-transferred')).toBeNull();
  });

  it('promises no wait while no counter serves its service: says it keeps its place instead', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: publicTicket({ counter_open: false }) }));
    ticketPage('bank-unserved-1', ID);
    expect((await screen.findByTestId('no-counter')).textContent).toBe(
      'No counter is serving Deposits right now: you keep your place and will be called when one opens',
    );
    expect(screen.queryByTestId('people-ahead')).toBeNull();
    expect(screen.queryByTestId('estimated-wait')).toBeNull();
  });

  it.each([
    ['a ticket id that is no uuid (400)', 'xyz', 400],
    ['an unknown ticket or queue (404)', ID, 404],
  ])(
    'says only that the ticket could not be found for %s: no field error, no "Try again"',
    async (_l, id, status) => {
      fetchMock.mockResolvedValue(
        jsonResponse(status, {
          error: {
            code: status === 400 ? 'VALIDATION_FAILED' : 'NOT_FOUND',
            message: status === 400 ? 'Some fields are not valid.' : 'Not found.',
          },
        }),
      );
      ticketPage(`bank-missing-${status}`, id);
      expect(await screen.findByText('This ticket could not be found', {}, { timeout: 5000 })).toBeTruthy();
      expect(screen.queryByText(/Some fields are not valid|Not found\./)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(calledUrls(fetchMock)[0]).toBe(`/api/public/queues/bank-missing-${status}/tickets/${id}`);
    },
  );

  it('offers "Try again" when the server fails, and shows the ticket then', { timeout: 15_000 }, async () => {
    const down = () => jsonResponse(500, { error: { code: 'INTERNAL', message: 'Server down' } });
    // The first read and the query client's two retries fail.
    fetchMock
      .mockResolvedValueOnce(down())
      .mockResolvedValueOnce(down())
      .mockResolvedValueOnce(down())
      .mockResolvedValue(jsonResponse(200, { data: publicTicket() }));
    ticketPage('bank-failing-1', ID);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 }));
    expect((await screen.findByTestId('people-ahead')).textContent).toBe('You are next');
  });
});
