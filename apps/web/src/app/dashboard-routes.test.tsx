import { screen, within } from '@testing-library/react';
import type { Template } from '@workhub/shared/enums';
import { dashboardOwner, MODULES } from '@workhub/shared/modules';
import type { DashboardStats } from '@workhub/shared/schemas/dashboard';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../lib/query-client.ts';
import { signIn } from '../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../test/fetch-mock.ts';
import { fakeOperationsDashboard, fakeWorkspaceAuthSession, jsonResponse } from '../test/fixtures.ts';
import { renderPage } from '../test/render.tsx';
import { routeFetch } from '../test/route-fetch.ts';
import { wholeApp } from '../test/whole-app.tsx';
import { WEB_MODULES } from './web-modules.ts';

const fetchMock = mockFetchPerTest();
afterEach(() => queryClient.clear());

const app = wholeApp;
const SLOW = { timeout: 8_000 };

const stats: DashboardStats = {
  workspace: { workspace_id: 'w', workspace_name: 'Shop floor', template: 'erp' },
  members: { total: 1, active: 1 },
  projects: { total: 0, not_started: 0, in_progress: 0, complete: 0, on_hold: 0, cancelled: 0, archived: 0 },
  tasks: { total: 0, pending: 0, in_progress: 0, completed: 0, overdue: 0, completion: 0 },
  completed_per_week: [],
  team: [],
  projects_recent: [],
};

const operations = fakeOperationsDashboard({
  sales_value_per_week: [{ week: '2026-03-02', value: '250' }],
  orders_per_week: [{ week: '2026-03-02', count: 3 }],
});

describe("a template's shared dashboard, as the app routes it", { timeout: 20_000 }, () => {
  for (const template of ['erp', 'crm', 'srm'] as const) {
    it(`/dashboard_${template} charts the customer orders (operations), under the workspace's figures`, async () => {
      signIn(fakeWorkspaceAuthSession(template, 'owner'));
      routeFetch(fetchMock, {
        'GET /api/dashboard': () => jsonResponse(200, { data: stats }),
        'GET /api/operations/dashboard': () => jsonResponse(200, { data: operations }),
      });
      renderPage(app, `/dashboard_${template}`);
      const orders = await screen.findByRole('table', { name: 'Customer orders per week' }, SLOW);
      expect(within(orders).getByText('3')).toBeTruthy();
      expect(screen.getByRole('table', { name: 'Sales value per week' })).toBeTruthy();
      expect(screen.getByRole('group', { name: 'Members' })).toBeTruthy();
      expect(calledUrls(fetchMock)).toContain('/api/operations/dashboard?weeks=12');
    });
  }

  it('/dashboard (the Workspace template) has no sales or orders panels, and asks operations nothing', async () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/dashboard': () =>
        jsonResponse(200, { data: { ...stats, workspace: { ...stats.workspace, template: 'workspace' } } }),
    });
    renderPage(app, '/dashboard');
    expect(await screen.findByRole('region', { name: 'Tasks completed per week' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Sales value' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Total orders' })).toBeNull();
    expect(calledUrls(fetchMock).some((url) => url.startsWith('/api/operations'))).toBe(false);
  });

  it('takes panels only from a module of the template, for a dashboard no module owns', () => {
    for (const module of MODULES) {
      const given = Object.keys(WEB_MODULES[module.key].dashboardPanels ?? {}) as Template[];
      for (const template of given) {
        expect((module.templates as readonly Template[]).includes(template)).toBe(true);
        expect(dashboardOwner(template)).toBeUndefined();
      }
    }
    expect(Object.keys(WEB_MODULES.operations.dashboardPanels ?? {}).sort()).toEqual(['crm', 'erp', 'srm']);
  });
});
