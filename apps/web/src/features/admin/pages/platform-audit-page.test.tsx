import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import type { AuditEntry } from '@workhub/shared/schemas/audit';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { page } from '../../../test/work-fixtures.ts';
import { PlatformAuditPage } from './platform-audit-page.tsx';

const fetchMock = mockFetchPerTest();

const staff = () =>
  fakeAuthSession(
    { role: 'super_admin', platform_role: 'super_admin', accounts: 0, account_id: null },
    { role: 'super_admin', platform_role: 'super_admin', accounts: 0, account_id: null },
  );

const failedSignIn: AuditEntry = {
  id: 'e1',
  created_at: '2026-03-02T10:00:00.000Z',
  account_id: null,
  workspace_id: null,
  actor_user_id: null,
  actor_email: 'nobody@example.com',
  action: 'auth.sign_in_failed',
  entity_type: 'user',
  entity_id: null,
  before: null,
  after: { reason: 'unknown_email' },
  ip: '198.51.100.7',
};

describe('PlatformAuditPage', { timeout: 15_000 }, () => {
  it("lists the platform's events, and one account's when filtered by account", async () => {
    const user = userEvent.setup();
    signIn(staff());
    routeFetch(fetchMock, { 'GET /api/admin/audit': () => jsonResponse(200, page([failedSignIn])) });
    renderWithData(<PlatformAuditPage />, '/admin/audit');
    expect(screen.getByRole('heading', { name: messages.adminAuditTitle })).toBeTruthy();
    await screen.findByText('nobody@example.com');
    expect(rowWith('nobody@example.com').getByText('Sign-in failed')).toBeTruthy();
    const row = rowWith('nobody@example.com');
    expect(row.getByText('platform')).toBeTruthy();
    expect(row.getByText('reason: unknown_email')).toBeTruthy();
    expect(row.getByText('198.51.100.7')).toBeTruthy();

    const account = '62699fa9-8f5c-4f8d-8f20-1ba2862be1e5';
    await user.type(screen.getByLabelText(messages.auditAccountLabel), account);
    await user.click(screen.getByRole('button', { name: messages.auditFilter }));
    await waitFor(() =>
      expect(calledUrls(fetchMock)).toContain(`/api/admin/audit?page=1&limit=14&account_id=${account}`),
    );
  });

  it('refuses an account id that is not a uuid on the form', async () => {
    const user = userEvent.setup();
    signIn(staff());
    routeFetch(fetchMock, { 'GET /api/admin/audit': () => jsonResponse(200, page([])) });
    renderWithData(<PlatformAuditPage />, '/admin/audit');
    await screen.findByText(messages.auditEmpty);
    await user.type(screen.getByLabelText(messages.auditAccountLabel), 'acme');
    await user.click(screen.getByRole('button', { name: messages.auditFilter }));
    expect(await screen.findByText(messages.idInvalid)).toBeTruthy();
  });
});
