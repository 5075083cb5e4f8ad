import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
