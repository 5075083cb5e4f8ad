import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderPage } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { ManageBookingPage } from './manage-booking-page.tsx';

const fetchMock = mockFetchPerTest();
afterEach(() => queryClient.clear());

const TOKEN = 'a'.repeat(43);
const BASE = `/api/public/booking/kinyozi-1a2b`;
const shop = { name: 'Kinyozi Spa', timezone: 'Africa/Nairobi', services: [], staff: [] };
const booking = (status: string, start = '2099-01-05T07:00:00.000Z') => ({
  start_at: start,
  end_at: '2099-01-05T07:30:00.000Z',
  status,
  staff_name: 'Amina',
  staff_id: '00000000-0000-4000-8000-0000000000a1',
  services: ['Haircut'],
  service_ids: ['00000000-0000-4000-8000-0000000000c1'],
});

const renderManage = (token = TOKEN) =>
  renderPage(
    <Routes>
      <Route path="/book/:slug/manage/:token" element={<ManageBookingPage />} />
    </Routes>,
    `/book/kinyozi-1a2b/manage/${token}`,
  );

describe("the mail link's page", { timeout: 20_000 }, () => {
  it('shows the booking and cancels it only once confirmed', async () => {
    const user = userEvent.setup();
    let cancelled = 0;
    routeFetch(fetchMock, {
      [`GET ${BASE}`]: () => jsonResponse(200, { data: shop }),
      [`GET ${BASE}/manage/${TOKEN}`]: () =>
        jsonResponse(200, { data: booking(cancelled ? 'cancelled' : 'booked') }),
      [`POST ${BASE}/manage/${TOKEN}/cancel`]: () => {
        cancelled++;
        return jsonResponse(200, { message: 'Your appointment is cancelled', data: booking('cancelled') });
      },
    });
    renderManage();
    await screen.findByRole('heading', { name: 'Your booking at Kinyozi Spa' });
    // 07:00 UTC is 10:00 in Nairobi, and the page says whose clock that is.
    expect(screen.getByText(/10:00/)).toBeTruthy();
    expect(screen.getByText('Times are in Africa/Nairobi')).toBeTruthy();
    expect(screen.getByText('Haircut with Amina')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel the booking' }));
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(cancelled).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Cancel the booking' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await screen.findByText('Your appointment is cancelled');
    expect(cancelled).toBe(1);
    await waitFor(() => expect(screen.getByText('Status: Cancelled')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
  });

  it('reschedules to a free time of the same staff member', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    routeFetch(fetchMock, {
      [`GET ${BASE}`]: () => jsonResponse(200, { data: shop }),
      [`GET ${BASE}/manage/${TOKEN}`]: () => jsonResponse(200, { data: booking('booked') }),
      [`GET ${BASE}/slots`]: (_init, url) => {
        expect(url).toContain('staff_id=00000000-0000-4000-8000-0000000000a1');
        // The booking's own time is not busy for its move (09:45 for a 10:00): the link names it.
        expect(url).toContain(`except=${TOKEN}`);
        return jsonResponse(200, {
          data: {
            timezone: 'Africa/Nairobi',
            date: '2099-01-06',
            slots: [
              { start_at: '2099-01-06T08:00:00.000Z', end_at: '2099-01-06T08:30:00.000Z', staff_ids: [] },
            ],
          },
        });
      },
      [`POST ${BASE}/manage/${TOKEN}/reschedule`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, {
          message: 'Your appointment has moved',
          data: booking('booked', '2099-01-06T08:00:00.000Z'),
        });
      },
    });
    renderManage();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    await user.click(await screen.findByRole('radio', { name: '11:00' }));
    await user.click(screen.getByRole('button', { name: /^Move to/ }));
    await screen.findByText('Your appointment has moved');
    expect(bodies).toEqual([{ start_at: '2099-01-06T08:00:00.000Z' }]);
  });

  it('says a day has no free time without offering anyone else: a move keeps its staff member', async () => {
    const user = userEvent.setup();
    routeFetch(fetchMock, {
      [`GET ${BASE}`]: () => jsonResponse(200, { data: shop }),
      [`GET ${BASE}/manage/${TOKEN}`]: () => jsonResponse(200, { data: booking('booked') }),
      [`GET ${BASE}/slots`]: () =>
        jsonResponse(200, { data: { timezone: 'Africa/Nairobi', date: '2099-01-06', slots: [] } }),
    });
    renderManage();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    await screen.findByText('No free time that day: try another day.');
    expect(screen.queryByText(/or anyone/)).toBeNull();
  });

  it("opens the move on the booking's own day (the shop's), not today", async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    routeFetch(fetchMock, {
      [`GET ${BASE}`]: () => jsonResponse(200, { data: shop }),
      // 22:30 UTC on 4 January is 01:30 on the 5th in Nairobi.
      [`GET ${BASE}/manage/${TOKEN}`]: () =>
        jsonResponse(200, { data: booking('booked', '2099-01-04T22:30:00.000Z') }),
      [`GET ${BASE}/slots`]: (_init, url) => {
        asked.push(url);
        return jsonResponse(200, { data: { timezone: 'Africa/Nairobi', date: '2099-01-05', slots: [] } });
      },
    });
    renderManage();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByLabelText('Day')).toHaveProperty('value', '2099-01-05');
    await waitFor(() => expect(asked.some((url) => url.includes('date=2099-01-05'))).toBe(true));
  });

  it('says the link is not valid for an unknown token', async () => {
    routeFetch(fetchMock, {
      [`GET ${BASE}`]: () => jsonResponse(200, { data: shop }),
      [`GET ${BASE}/manage/${TOKEN}`]: () =>
        jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } }),
    });
    renderManage();
    await screen.findByRole('heading', { level: 1, name: 'This link is not valid' });
    expect(screen.getByText('Check the link in your confirmation mail.')).toBeTruthy();
  });
});
