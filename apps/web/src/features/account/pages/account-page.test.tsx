import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import type { Profile } from '@workhub/shared/schemas/account';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { getSession } from '../../../lib/session-store.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { AccountPage } from './account-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const ada: Profile = {
  user_id: 'u1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '555-0100',
  address: null,
  state: null,
  country: 'United Kingdom',
  city: null,
  zip: null,
  notes: null,
  subscription_type: 'Pro',
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('AccountPage', { timeout: 15_000 }, () => {
  it("sends every field of the profile, says 'Profile updated' and renames the session user", async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'GET /api/me/profile': () => jsonResponse(200, { data: ada }),
      'PATCH /api/me/profile': (init) => {
        const body = JSON.parse(String(init?.body));
        return jsonResponse(200, { message: messages.profileUpdated, data: { ...ada, ...body } });
      },
    });
    renderWithData(<AccountPage />, '/general');

    expect(screen.getByRole('heading', { name: 'My account' })).toBeTruthy();
    await waitFor(() => expect(field('First name').value).toBe('Ada'));
    expect(field('Email').value).toBe('ada@example.com');
    expect(field('Email').readOnly).toBe(true);
    expect(field('Subscription type').value).toBe('Pro');
    expect(field('Phone').value).toBe('555-0100');
    expect(field('Country').value).toBe('United Kingdom');

    const fill = async (label: string, text: string) => {
      await user.clear(field(label));
      await user.paste(text);
    };
    await fill('First name', 'Augusta');
    await fill('Address', '12 St James Square');
    await fill('City', 'London');
    await fill('State', 'Greater London');
    await fill('Zip', 'SW1Y 4JH');
    await fill('Notes', 'Prefers e-mail.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.profileUpdated));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      first_name: 'Augusta',
      last_name: 'Lovelace',
      phone: '555-0100',
      address: '12 St James Square',
      state: 'Greater London',
      country: 'United Kingdom',
      city: 'London',
      zip: 'SW1Y 4JH',
      notes: 'Prefers e-mail.',
    });
    const session = getSession();
    expect(session.status === 'signed_in' && session.user.first_name).toBe('Augusta');
  });

  it('refuses a blank first and last name with both messages and sends nothing', async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    routeFetch(fetchMock, { 'GET /api/me/profile': () => jsonResponse(200, { data: ada }) });
    renderWithData(<AccountPage />, '/general');
    await waitFor(() => expect(field('First name').value).toBe('Ada'));
    await user.clear(field('First name'));
    await user.type(field('First name'), '   ');
    await user.clear(field('Last name'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(messages.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(messages.lastNameRequired)).toBeTruthy();
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it("puts a 400's field messages under the fields", async () => {
    const user = userEvent.setup();
    signIn(fakeAuthSession());
    routeFetch(fetchMock, {
      'GET /api/me/profile': () => jsonResponse(200, { data: { ...ada, subscription_type: null } }),
      'PATCH /api/me/profile': () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: messages.validationFailed,
            fields: { zip: 'Must be at most 20 characters' },
          },
        }),
    });
    renderWithData(<AccountPage />, '/account');
    await waitFor(() => expect(field('First name').value).toBe('Ada'));
    expect(screen.queryByLabelText('Subscription type')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Must be at most 20 characters')).toBeTruthy();
    expect(notify.error).toHaveBeenCalledWith(messages.validationFailed);
  });
});
