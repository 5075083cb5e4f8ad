import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { readTwice, refusedOnce, routeFetch } from '../../../test/route-fetch.ts';
import { TicketingSettingsPage } from './settings-page.tsx';

const fetchMock = mockFetchPerTest();
const SETTINGS = {
  time_zone: 'UTC',
  no_show_after_recalls: 3,
  opening_hours: [{ weekday: 1, opens_at: '08:00', closes_at: '17:00' }],
  updated_at: '2026-05-01T08:00:00.125Z',
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

  it('refuses an emptied recalls field instead of saving 0 recalls (No-show at once)', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'owner'));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: SETTINGS }));
    renderWithData(<TicketingSettingsPage />, '/ticketing/settings');
    const recalls = await screen.findByLabelText(/^Recalls before a no-show/);
    fireEvent.change(recalls, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(recalls.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Recalls before no-show: 0 to 20')).toBeTruthy();
    expect(calledUrls(fetchMock)).toEqual(['/api/ticketing/settings']);
  });

  it('shows a day open until midnight (24:00) as closing at 00:00, and saves 00:00 as 24:00', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'owner'));
    const untilMidnight = {
      ...SETTINGS,
      opening_hours: [{ weekday: 1, opens_at: '18:00', closes_at: '24:00' }],
    };
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { data: untilMidnight }))
      .mockResolvedValue(jsonResponse(200, { data: untilMidnight }));
    renderWithData(<TicketingSettingsPage />, '/ticketing/settings');
    expect(((await screen.findByLabelText('Monday closes')) as HTMLInputElement).value).toBe('00:00');
    fireEvent.click(screen.getByLabelText('Tuesday'));
    fireEvent.change(screen.getByLabelText('Tuesday closes'), { target: { value: '00:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const isPut = ([, init]: unknown[]) => (init as RequestInit | undefined)?.method === 'PUT';
    await waitFor(() => expect(fetchMock.mock.calls.some(isPut)).toBe(true));
    const put = fetchMock.mock.calls.find(isPut);
    expect(JSON.parse(String((put?.[1] as RequestInit | undefined)?.body)).opening_hours).toEqual([
      { weekday: 1, opens_at: '18:00', closes_at: '24:00' },
      { weekday: 2, opens_at: '08:00', closes_at: '24:00' },
    ]);
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

  it('saves against the version it opened; on a 412 names what they changed, keeps what was typed, loads theirs', async () => {
    signIn(fakeWorkspaceAuthSession('ticketing', 'owner'));
    const theirs = {
      ...SETTINGS,
      no_show_after_recalls: 5,
      opening_hours: [{ weekday: 3, opens_at: '09:00', closes_at: '12:00' }],
      updated_at: '2026-05-01T08:04:00.000Z',
    };
    const ifMatches: string[] = [];
    routeFetch(fetchMock, {
      'GET /api/ticketing/settings': readTwice(SETTINGS, theirs),
      'PUT /api/ticketing/settings': refusedOnce(ifMatches, {
        data: { ...theirs, updated_at: '2026-05-01T08:05:00.000Z' },
      }),
    });
    renderWithData(<TicketingSettingsPage />, '/ticketing/settings');
    const zone = (await screen.findByLabelText(/^Time zone/)) as HTMLInputElement;
    fireEvent.change(zone, { target: { value: 'Africa/Nairobi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const alert = within(await screen.findByRole('alert'));
    await alert.findByText('Someone else saved these settings while you were editing them');
    await alert.findByText(/They changed: Recalls before a no-show, Opening hours\./);
    expect(ifMatches).toEqual([`"${SETTINGS.updated_at}"`]);
    expect(zone.value).toBe('Africa/Nairobi');
    fireEvent.click(alert.getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(zone.value).toBe('UTC'));
    expect((screen.getByLabelText(/^Recalls before a no-show/) as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText('Wednesday') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Monday') as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    // The next save is made against their version.
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(ifMatches).toEqual([`"${SETTINGS.updated_at}"`, `"${theirs.updated_at}"`]));
  });
});
