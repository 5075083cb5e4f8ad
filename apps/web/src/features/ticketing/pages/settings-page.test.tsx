import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { TicketingSettingsPage } from './settings-page.tsx';

const fetchMock = mockFetchPerTest();
const SETTINGS = {
  time_zone: 'UTC',
  no_show_after_recalls: 3,
  opening_hours: [{ weekday: 1, opens_at: '08:00', closes_at: '17:00' }],
};

describe('TicketingSettingsPage', () => {
  it('refuses an unknown time zone before sending anything', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'owner'));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: SETTINGS }));
    renderWithData(<TicketingSettingsPage />, '/ticketing/settings');
    fireEvent.change(await screen.findByLabelText(/^Time zone/), { target: { value: 'Mars/Olympus' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/Not a known time zone/)).toBeTruthy();
    expect(calledUrls(fetchMock)).toEqual(['/api/ticketing/settings']);
  });

  it('says what is wrong with each field under it, the zone and the recalls at once', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'owner'));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: SETTINGS }));
    renderWithData(<TicketingSettingsPage />, '/ticketing/settings');
    const zone = await screen.findByLabelText(/^Time zone/);
    const recalls = screen.getByLabelText(/^Recalls before a no-show/);
    fireEvent.change(zone, { target: { value: 'Mars/Olympus' } });
    fireEvent.change(recalls, { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(zone.getAttribute('aria-invalid')).toBe('true'));
    expect(recalls.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(
        String(zone.getAttribute('aria-describedby'))
          .split(' ')
          .find((id) => id.includes('error')) ?? '',
      )?.textContent,
    ).toMatch(/Not a known time zone/);
    expect(screen.getByText('Recalls before no-show: 0 to 20')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calledUrls(fetchMock)).toEqual(['/api/ticketing/settings']);
  });

  it('saves the zone, the recalls and the ticked days', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'owner'));
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { data: SETTINGS }))
      .mockResolvedValue(jsonResponse(200, { data: SETTINGS, message: 'Update done !!!' }));
    renderWithData(<TicketingSettingsPage />, '/ticketing/settings');
    fireEvent.change(await screen.findByLabelText(/^Time zone/), { target: { value: 'Africa/Nairobi' } });
    fireEvent.click(screen.getByLabelText('Tuesday'));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const isPut = ([, init]: unknown[]) => (init as RequestInit | undefined)?.method === 'PUT';
    await waitFor(() => expect(fetchMock.mock.calls.some(isPut)).toBe(true));
    const put = fetchMock.mock.calls.find(isPut);
    expect(JSON.parse(String((put?.[1] as RequestInit | undefined)?.body))).toEqual({
      time_zone: 'Africa/Nairobi',
      no_show_after_recalls: 3,
      opening_hours: [
        { weekday: 1, opens_at: '08:00', closes_at: '17:00' },
        { weekday: 2, opens_at: '08:00', closes_at: '17:00' },
      ],
    });
  });
});
