import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BARBER_MESSAGES } from '@workhub/shared/schemas/barber';
import { describe, expect, it } from 'vitest';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { serviceOf, staffOf } from '../pages/barber-test-kit.ts';
import { BookForm } from './book-form.tsx';

const fetchMock = mockFetchPerTest();

/** The desk's form for a Berlin shop on the night its clocks go forward (2026-03-29, 02:00 -> 03:00). */
const renderSpringNight = (onDone = () => {}) =>
  renderWithData(
    <BookForm
      date="2026-03-29"
      timezone="Europe/Berlin"
      services={[serviceOf()]}
      staff={[staffOf()]}
      initialTime="02:30"
      onDone={onDone}
    />,
  );

describe('the desk booking form on the nights the clocks change', { timeout: 20_000 }, () => {
  it('refuses a time the clocks skip, and books the time typed otherwise', async () => {
    const user = userEvent.setup();
    const posted: { start_at: string }[] = [];
    routeFetch(fetchMock, {
      'POST /api/barber/appointments': (init) => {
        posted.push(JSON.parse(String(init?.body)));
        return jsonResponse(201, { message: 'Appointment booked', data: {} });
      },
    });
    renderSpringNight();
    await user.click(screen.getByRole('checkbox', { name: /Haircut/ }));
    await user.type(screen.getByLabelText(/Customer name/), 'Night Owl');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There is no 02:30 that day: the clocks go forward. Choose another time.',
    );
    expect(posted).toEqual([]);

    const time = screen.getByLabelText(/^Time/);
    await user.clear(time);
    await user.type(time, '03:30');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await expect.poll(() => posted.map((p) => p.start_at)).toEqual(['2026-03-29T01:30:00.000Z']);
  });
});

describe('the desk booking form', { timeout: 20_000 }, () => {
  it("checks the customer's phone and e-mail before sending, each under its field", async () => {
    const user = userEvent.setup();
    const posted: { customer: unknown }[] = [];
    routeFetch(fetchMock, {
      'POST /api/barber/appointments': (init) => {
        posted.push(JSON.parse(String(init?.body)));
        return jsonResponse(201, { message: 'Appointment booked', data: {} });
      },
    });
    renderWithData(
      <BookForm
        date="2026-06-01"
        timezone="UTC"
        services={[serviceOf()]}
        staff={[staffOf()]}
        onDone={() => {}}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: /Haircut/ }));
    await user.type(screen.getByLabelText(/Customer name/), 'Wanjiru');
    const phone = screen.getByLabelText('Phone');
    await user.type(phone, 'abc');
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText(BARBER_MESSAGES.phoneInvalid)).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([]);

    await user.clear(phone);
    await user.type(phone, '+254 712 345678');
    await user.clear(screen.getByLabelText('E-mail'));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await expect
      .poll(() => posted.map((p) => p.customer))
      .toEqual([{ name: 'Wanjiru', phone: '+254 712 345678' }]);
  });
});

describe('the desk booking form with a service named as one long word', () => {
  it('lets the name break anywhere, so it cannot run out of a phone-wide dialog', () => {
    const name = 'W'.repeat(120);
    renderWithData(
      <BookForm
        date="2026-03-30"
        timezone="Africa/Nairobi"
        services={[serviceOf({ name })]}
        staff={[staffOf()]}
        onDone={() => {}}
      />,
    );
    const label = screen.getByText(`${name} (30 min)`);
    expect(label.style.overflowWrap).toBe('anywhere');
  });
});
