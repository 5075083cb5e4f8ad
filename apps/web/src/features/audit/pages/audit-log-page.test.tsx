import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import type { AuditEntry } from '@workhub/shared/schemas/audit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { captureDownloads } from '../../../test/downloads.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { onPhone } from '../../../test/phone.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import { page } from '../../../test/work-fixtures.ts';
import { AuditLogPage } from './audit-log-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

const entry = (patch: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 'e1',
  created_at: '2026-03-02T10:00:00.000Z',
  account_id: 'a1',
  workspace_id: 'w1',
  actor_user_id: 'u1',
  actor_email: 'owner@example.com',
  action: 'member.role_changed',
  entity_type: 'member',
  entity_id: '3bbc20ff-ccd0-49fb-9200-f893eaf553e3',
  before: { email: 'max@example.com', role: 'member' },
  after: { email: 'max@example.com', role: 'admin' },
  ip: '203.0.113.9',
  ...patch,
});

const renderAudit = () => {
  signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
  return renderWithData(<AuditLogPage />, '/settings/audit');
};

const saved = captureDownloads();
afterEach(() => vi.mocked(notify.error).mockReset());

describe('AuditLogPage', { timeout: 15_000 }, () => {
  it('loads, then lists who did what to which record, the change and the IP', async () => {
    routeFetch(fetchMock, {
      'GET /api/audit': () =>
        jsonResponse(
          200,
          page(
            [
              entry(),
              entry({
                id: 'e2',
                action: 'auth.sign_in',
                actor_email: 'ada@example.com',
                before: null,
                after: null,
              }),
            ],
            16,
          ),
        ),
    });
    renderAudit();
    expect(screen.getByRole('heading', { name: messages.auditTitle })).toBeTruthy();
    expect(screen.getByText(messages.loading)).toBeTruthy();
    await screen.findByText('owner@example.com');
    const row = rowWith('owner@example.com');
    expect(row.getByText('Member role changed')).toBeTruthy();
    expect(row.getByText('owner@example.com')).toBeTruthy();
    expect(row.getByText('role: member → admin')).toBeTruthy();
    expect(row.getByText('203.0.113.9')).toBeTruthy();
    expect(screen.getAllByText('Signed in').length).toBeGreaterThan(1);
    expect(screen.getByText('16 events')).toBeTruthy();
    expect(calledUrls(fetchMock)).toContain('/api/audit?page=1&limit=14');
  });

  it('says the log is empty, and that nothing matches once filtered', async () => {
    const user = userEvent.setup();
    routeFetch(fetchMock, { 'GET /api/audit': () => jsonResponse(200, page([])) });
    renderAudit();
    await screen.findByText(messages.auditEmpty);
    await user.selectOptions(screen.getByLabelText(messages.auditActionLabel), 'task.deleted');
    await user.type(screen.getByLabelText(messages.auditActorLabel), 'max@');
    await user.click(screen.getByRole('button', { name: messages.auditFilter }));
    await screen.findByText(messages.auditNoMatch);
    expect(calledUrls(fetchMock)).toContain('/api/audit?page=1&limit=14&action=task.deleted&actor=max%40');
  });

  it('refuses an end date before the start date on the form, before any call', async () => {
    const user = userEvent.setup();
    routeFetch(fetchMock, { 'GET /api/audit': () => jsonResponse(200, page([entry()])) });
    renderAudit();
    await screen.findByText('owner@example.com');
    await user.type(screen.getByLabelText(messages.auditFromLabel), '2026-03-05');
    await user.type(screen.getByLabelText(messages.auditToLabel), '2026-03-01');
    await user.click(screen.getByRole('button', { name: messages.auditFilter }));
    expect(await screen.findByText(messages.auditRangeInvalid)).toBeTruthy();
    expect(calledUrls(fetchMock).filter((url) => url.includes('from='))).toEqual([]);
  });

  it('on a phone keeps the actor search, folds the rest behind "Filters", and shows a folded error', async () => {
    onPhone(true);
    const user = userEvent.setup();
    routeFetch(fetchMock, { 'GET /api/audit': () => jsonResponse(200, page([entry()])) });
    renderAudit();
    await screen.findByText('owner@example.com');
    expect(screen.getByLabelText(messages.auditActorLabel)).toBeTruthy();
    expect(screen.getByRole('button', { name: messages.auditFilter })).toBeTruthy();
    expect(screen.queryByLabelText(messages.auditActionLabel)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByLabelText(messages.auditActionLabel), 'task.deleted');
    await user.type(screen.getByLabelText(messages.auditFromLabel), '2026-03-05');
    await user.type(screen.getByLabelText(messages.auditToLabel), '2026-03-01');
    await user.click(screen.getByRole('button', { name: messages.auditFilter }));
    expect(await screen.findByText(messages.auditRangeInvalid)).toBeTruthy();
    // Folding does not hide a refusal: the fold stays open while one of its fields is refused.
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByText(messages.auditRangeInvalid)).toBeTruthy();
    expect(screen.getByLabelText(messages.auditToLabel)).toBeTruthy();
    await user.clear(screen.getByLabelText(messages.auditToLabel));
    await user.click(screen.getByRole('button', { name: messages.auditFilter }));
    await waitFor(() => expect(calledUrls(fetchMock).at(-1)).toContain('action=task.deleted'));
    // What is applied is counted on the toggle.
    expect(screen.getByRole('button', { name: 'Filters, 2 set' })).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('shows the error state with a retry when the log cannot be read', async () => {
    routeFetch(fetchMock, {
      'GET /api/audit': () =>
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: messages.forbidden } }),
    });
    renderAudit();
    expect(await screen.findByText(messages.auditLoadFailed)).toBeTruthy();
  });

  it('exports the filtered log as CSV', async () => {
    const user = userEvent.setup();
    routeFetch(fetchMock, {
      'GET /api/audit': () => jsonResponse(200, page([entry()])),
      'GET /api/audit/export': () =>
        new Response('When (UTC),Actor\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="audit-log-2026-03-02.csv"',
          },
        }),
    });
    renderAudit();
    await screen.findByText('owner@example.com');
    await user.selectOptions(screen.getByLabelText(messages.auditEntityTypeLabel), 'member');
    await user.click(screen.getByRole('button', { name: messages.auditFilter }));
    await waitFor(() =>
      expect(calledUrls(fetchMock)).toContain('/api/audit?page=1&limit=14&entity_type=member'),
    );
    await user.click(screen.getByRole('button', { name: messages.exportCsv }));
    await waitFor(() => expect(saved).toEqual(['audit-log-2026-03-02.csv blob:csv']));
    expect(calledUrls(fetchMock)).toContain('/api/audit/export?entity_type=member');
    expect(notify.error).not.toHaveBeenCalled();
  });
});
