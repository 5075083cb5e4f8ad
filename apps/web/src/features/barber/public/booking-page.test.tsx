import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicBookingPage } from '@workhub/shared/schemas/barber';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderPage } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { BookingPage } from './booking-page.tsx';

const fetchMock = mockFetchPerTest();

// The public pages share the app's one query client: each test starts with an empty cache.
afterEach(() => queryClient.clear());

const ids = {
  cut: '00000000-0000-4000-8000-0000000000c1',
  massage: '00000000-0000-4000-8000-0000000000c2',
  amina: '00000000-0000-4000-8000-0000000000a1',
  brian: '00000000-0000-4000-8000-0000000000b1',
};

const shop: PublicBookingPage = {
  name: 'Kinyozi Spa',
  timezone: 'Africa/Nairobi',
  currency: 'KES',
  services: [
    { id: ids.cut, name: 'Haircut', duration_minutes: 30, price: '800.0000', category: 'Hair' },
    { id: ids.massage, name: 'Massage', duration_minutes: 60, price: '3500.0000', category: 'Spa' },
  ],
  staff: [
    { id: ids.amina, name: 'Amina', service_ids: [ids.cut, ids.massage] },
    { id: ids.brian, name: 'Brian', service_ids: [ids.cut] },
  ],
};

const slots = {
  timezone: 'Africa/Nairobi',
  date: '2030-01-07',
  slots: [
    { start_at: '2030-01-07T06:00:00.000Z', end_at: '2030-01-07T06:30:00.000Z', staff_ids: [ids.amina] },
    { start_at: '2030-01-07T06:15:00.000Z', end_at: '2030-01-07T06:45:00.000Z', staff_ids: [ids.amina] },
  ],
};

const renderBooking = (slug = 'kinyozi-1a2b') =>
  renderPage(
    <Routes>
      <Route path="/book/:slug" element={<BookingPage />} />
    </Routes>,
    `/book/${slug}`,
  );

describe('the public booking page', { timeout: 20_000 }, () => {
  it('offers only the staff who do every service chosen, the free times in the shop time, and books', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    routeFetch(fetchMock, {
      'GET /api/public/booking/kinyozi-1a2b': () => jsonResponse(200, { data: shop }),
      'GET /api/public/booking/kinyozi-1a2b/slots': () => jsonResponse(200, { data: slots }),
      'POST /api/public/booking/kinyozi-1a2b/appointments': (init) => {
        posted.push(JSON.parse(String(init?.body)));
        return jsonResponse(201, {
          message: 'Booked',
          data: {
            start_at: slots.slots[0]?.start_at,
            end_at: slots.slots[0]?.end_at,
            status: 'booked',
            staff_name: 'Amina',
            staff_id: ids.amina,
            services: ['Haircut', 'Massage'],
            service_ids: [ids.cut, ids.massage],
          },
        });
      },
    });
    renderBooking();
    await screen.findByRole('heading', { name: 'Kinyozi Spa' });
    // Whose clock the times are: the visitor may be in another zone.
    expect(screen.getByText('Times are in Africa/Nairobi')).toBeTruthy();
    // Each price in the shop's currency.
    expect(
      screen.getByRole('checkbox', { name: `Haircut · 30 min · KES ${(800).toLocaleString()}` }),
    ).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /Haircut/ }));
    expect(screen.getByRole('radio', { name: 'Brian' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /Massage/ }));
    // Brian does no massage.
    expect(screen.queryByRole('radio', { name: 'Brian' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Amina' })).toBeTruthy();
    // 06:00 UTC is 09:00 in Nairobi.
    await user.click(await screen.findByRole('radio', { name: '09:00' }));
    await user.type(screen.getByLabelText(/^Name/), 'Njeri');
    await user.type(screen.getByLabelText(/^Phone/), '0722000000');
    await user.type(screen.getByLabelText(/^E-mail/), 'njeri@example.com');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await screen.findByRole('heading', { name: 'You are booked' });
    expect(screen.getByText(/Times are in Africa\/Nairobi/)).toBeTruthy();
    // The shop's name was the page's heading: the confirmation, all that is left to read, says it.
    expect(screen.getByText(/Haircut \+ Massage with Amina at Kinyozi Spa\./)).toBeTruthy();
    expect(posted).toEqual([
      {
        name: 'Njeri',
        phone: '0722000000',
        email: 'njeri@example.com',
        service_ids: [ids.cut, ids.massage],
        staff_id: null,
        start_at: slots.slots[0]?.start_at,
      },
    ]);
  });

  it('shows the server’s 409 when the slot was just taken, and asks for another', async () => {
    const user = userEvent.setup();
    routeFetch(fetchMock, {
      'GET /api/public/booking/kinyozi-1a2b': () => jsonResponse(200, { data: shop }),
      'GET /api/public/booking/kinyozi-1a2b/slots': () => jsonResponse(200, { data: slots }),
      'POST /api/public/booking/kinyozi-1a2b/appointments': () =>
        jsonResponse(409, {
          error: {
            code: 'CONFLICT',
            message: 'That time was just booked with this staff member: pick another slot',
          },
        }),
    });
    renderBooking();
    await user.click(await screen.findByRole('checkbox', { name: /Haircut/ }));
    await user.click(await screen.findByRole('radio', { name: '09:15' }));
    await user.type(screen.getByLabelText(/^Name/), 'Njeri');
    await user.type(screen.getByLabelText(/^Phone/), '0722 000000');
    await user.type(screen.getByLabelText(/^E-mail/), 'njeri@example.com');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await screen.findByText(/just booked/);
    // The form goes until another time is picked, and the focus (on Book) goes back to the times.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Book' })).toBeNull());
    expect(document.activeElement?.textContent).toMatch(/^3\. Day and time/);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Day'));
  });

  it('checks the details before sending: each under its field, in one style; a phone must be one', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    routeFetch(fetchMock, {
      'GET /api/public/booking/kinyozi-1a2b': () => jsonResponse(200, { data: shop }),
      'GET /api/public/booking/kinyozi-1a2b/slots': () => jsonResponse(200, { data: slots }),
      'POST /api/public/booking/kinyozi-1a2b/appointments': (init) => {
        posted.push(JSON.parse(String(init?.body)));
        return jsonResponse(201, {
          message: 'Booked',
          data: {
            start_at: slots.slots[0]?.start_at,
            end_at: slots.slots[0]?.end_at,
            status: 'booked',
            staff_name: 'Amina',
            staff_id: ids.amina,
            services: ['Haircut'],
            service_ids: [ids.cut],
          },
        });
      },
    });
    renderBooking();
    await user.click(await screen.findByRole('checkbox', { name: /Haircut/ }));
    await user.click(await screen.findByRole('radio', { name: '09:00' }));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    // Each field's message is the one its input points at; the first to fix has the focus.
    const said = (label: RegExp) =>
      document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
        ?.textContent;
    await waitFor(() => expect(said(/^Name/)).toBe('Your name is required'));
    expect(said(/^Phone/)).toBe('Your phone number is required');
    expect(said(/^E-mail/)).toBe('Your email is required');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'Njeri');
    await user.type(screen.getByLabelText(/^Phone/), 'abc');
    await user.type(screen.getByLabelText(/^E-mail/), 'njeri@example.com');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() =>
      expect(said(/^Phone/)).toBe('A phone number is 7 to 20 characters: digits, spaces, +, - and ( )'),
    );
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBeNull();
    expect(posted).toEqual([]);
    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), '+254 (722) 000-000');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await screen.findByRole('heading', { name: 'You are booked' });
    expect(posted).toEqual([expect.objectContaining({ phone: '+254 (722) 000-000' })]);
  });

  it('shows each price as the shop stored it, as the desk does: never rounded to the cent', async () => {
    const priced = {
      ...shop,
      services: [
        { id: ids.cut, name: 'Haircut', duration_minutes: 30, price: '1.9990', category: 'Hair' },
        { id: ids.massage, name: 'Massage', duration_minutes: 60, price: '12.5000', category: 'Spa' },
      ],
    };
    routeFetch(fetchMock, {
      'GET /api/public/booking/kinyozi-1a2b': () => jsonResponse(200, { data: priced }),
    });
    renderBooking();
    await screen.findByRole('heading', { name: 'Kinyozi Spa' });
    // 1.999 was shown as 2, and 12.5 as 12.5 where the desk says 12.50.
    expect(screen.getByRole('checkbox', { name: 'Haircut · 30 min · KES 1.999' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Massage · 60 min · KES 12.50' })).toBeTruthy();
  });

  it('says so for a slug that names no shop', async () => {
    routeFetch(fetchMock, {
      'GET /api/public/booking/nope': () =>
        jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } }),
    });
    renderBooking('nope');
    // The page's one heading names the problem.
    await screen.findByRole('heading', { level: 1, name: 'No such booking page' });
    expect(screen.getByText('Check the address: this shop takes no bookings here.')).toBeTruthy();
  });

  it('names the zone of a time the clocks repeat (the night they go back), offered at both its instants', async () => {
    const user = userEvent.setup();
    // Berlin, 2026-10-25: 03:00 CEST becomes 02:00 CET at 01:00Z.
    const berlin = { ...shop, timezone: 'Europe/Berlin' };
    const night = {
      timezone: 'Europe/Berlin',
      date: '2026-10-25',
      slots: ['2026-10-24T23:30:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z'].map(
        (start_at) => ({ start_at, end_at: start_at, staff_ids: [ids.amina] }),
      ),
    };
    routeFetch(fetchMock, {
      'GET /api/public/booking/kinyozi-1a2b': () => jsonResponse(200, { data: berlin }),
      'GET /api/public/booking/kinyozi-1a2b/slots': () => jsonResponse(200, { data: night }),
    });
    renderBooking();
    await user.click(await screen.findByRole('checkbox', { name: /Haircut/ }));
    const times = await screen.findByRole('radiogroup', { name: 'Free times' });
    await waitFor(() =>
      expect(
        within(times)
          .getAllByRole('radio')
          .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent),
      ).toEqual(['01:30', '02:30 CEST', '02:30 CET']),
    );
  });

  it('says when a day has no free time', async () => {
    const user = userEvent.setup();
    routeFetch(fetchMock, {
      'GET /api/public/booking/kinyozi-1a2b': () => jsonResponse(200, { data: shop }),
      'GET /api/public/booking/kinyozi-1a2b/slots': () =>
        jsonResponse(200, { data: { ...slots, slots: [] } }),
    });
    renderBooking();
    await user.click(await screen.findByRole('checkbox', { name: /Haircut/ }));
    await screen.findByText(/No free time that day/);
  });

  it('asks for a day once the day is cleared, instead of looking for times forever', async () => {
    const user = userEvent.setup();
    routeFetch(fetchMock, {
      'GET /api/public/booking/kinyozi-1a2b': () => jsonResponse(200, { data: shop }),
      'GET /api/public/booking/kinyozi-1a2b/slots': () => jsonResponse(200, { data: slots }),
    });
    renderBooking();
    await user.click(await screen.findByRole('checkbox', { name: /Haircut/ }));
    await screen.findByRole('radio', { name: '09:00' });
    await user.clear(screen.getByLabelText('Day'));
    await screen.findByText('Pick a day to see its free times.');
    expect(screen.queryByText(/Looking for free times/)).toBeNull();
  });

  it('says when nobody does all the services chosen in one visit, rather than offer days with no time', async () => {
    const user = userEvent.setup();
    const apart: PublicBookingPage = {
      ...shop,
      staff: [
        { id: ids.amina, name: 'Amina', service_ids: [ids.massage] },
        { id: ids.brian, name: 'Brian', service_ids: [ids.cut] },
      ],
    };
    routeFetch(fetchMock, {
      'GET /api/public/booking/kinyozi-1a2b': () => jsonResponse(200, { data: apart }),
      'GET /api/public/booking/kinyozi-1a2b/slots': () => jsonResponse(200, { data: slots }),
    });
    renderBooking();
    await user.click(await screen.findByRole('checkbox', { name: /Haircut/ }));
    await user.click(screen.getByRole('checkbox', { name: /Massage/ }));
    await screen.findByText(/Nobody here does all of these services in one visit/);
    expect(screen.queryByLabelText('Day')).toBeNull();
    expect(screen.queryByText(/No free time that day/)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Massage/ }));
    expect(await screen.findByRole('radio', { name: 'Brian' })).toBeTruthy();
  });

  describe('by keyboard', () => {
    const bookingRoutes = () => ({
      'GET /api/public/booking/kinyozi-1a2b': () => jsonResponse(200, { data: shop }),
      'GET /api/public/booking/kinyozi-1a2b/slots': () => jsonResponse(200, { data: slots }),
      'POST /api/public/booking/kinyozi-1a2b/appointments': () =>
        jsonResponse(201, {
          message: 'Booked',
          data: {
            start_at: slots.slots[1]?.start_at,
            end_at: slots.slots[1]?.end_at,
            status: 'booked',
            staff_name: 'Amina',
            staff_id: ids.amina,
            services: ['Haircut'],
            service_ids: [ids.cut],
          },
        }),
    });

    it('offers the free times as one radio group: the arrows move the choice, Tab goes on to the details', async () => {
      const user = userEvent.setup();
      routeFetch(fetchMock, bookingRoutes());
      renderBooking();
      await user.click(await screen.findByRole('checkbox', { name: /Haircut/ }));
      const times = await screen.findByRole('radiogroup', { name: 'Free times' });
      const [nine, nineFifteen] = within(times).getAllByRole('radio') as HTMLInputElement[];
      await user.click(screen.getByLabelText('Day'));
      await user.tab();
      expect(document.activeElement).toBe(nine);
      await user.keyboard(' ');
      expect(nine?.checked).toBe(true);
      await user.keyboard('{ArrowRight}');
      expect(document.activeElement).toBe(nineFifteen);
      expect(nineFifteen?.checked).toBe(true);
      expect(nine?.checked).toBe(false);
      expect(screen.getByText(/Your details for/).textContent).toContain('09:15');
      // One Tab from the chosen time to the first field of the details, whatever the number of times.
      await user.tab();
      expect(document.activeElement).toBe(screen.getByLabelText(/^Name/));
      await user.tab({ shift: true });
      expect(document.activeElement).toBe(nineFifteen);
    });

    it('chooses a time with Enter and goes straight to the details', async () => {
      const user = userEvent.setup();
      routeFetch(fetchMock, bookingRoutes());
      renderBooking();
      await user.click(await screen.findByRole('checkbox', { name: /Haircut/ }));
      const nineFifteen = await screen.findByRole('radio', { name: '09:15' });
      nineFifteen.focus();
      await user.keyboard('{Enter}');
      expect((nineFifteen as HTMLInputElement).checked).toBe(true);
      expect(document.activeElement).toBe(screen.getByLabelText(/^Name/));
    });

    it('puts the focus on the confirmation once booked (the form it was in is gone)', async () => {
      const user = userEvent.setup();
      routeFetch(fetchMock, bookingRoutes());
      renderBooking();
      await user.click(await screen.findByRole('checkbox', { name: /Haircut/ }));
      await user.click(await screen.findByRole('radio', { name: '09:15' }));
      await user.type(screen.getByLabelText(/^Name/), 'Njeri');
      await user.tab();
      await user.keyboard('0722000000');
      await user.tab();
      await user.keyboard('njeri@example.com{Enter}');
      const booked = await screen.findByRole('heading', { name: 'You are booked' });
      await waitFor(() => expect(document.activeElement).toBe(booked));
    });
  });
});
