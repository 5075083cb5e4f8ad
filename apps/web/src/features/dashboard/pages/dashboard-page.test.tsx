import { screen, within } from '@testing-library/react';
import { TEMPLATE_LABELS, TEMPLATES } from '@workhub/shared/enums';
import type { DashboardStats } from '@workhub/shared/schemas/dashboard';
import { TEMPLATE_INTROS } from '@workhub/shared/template-intros';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const BUSY = 'The server is busy: try again shortly.';

const fetchMock = mockFetchPerTest();

const stats = (patch: Partial<DashboardStats> = {}): DashboardStats => ({
  workspace: { workspace_id: 'w-crm', workspace_name: 'Sales floor', template: 'crm' },
  members: { total: 7, active: 6 },
  projects: { total: 4, not_started: 1, in_progress: 2, complete: 1, on_hold: 0, cancelled: 0, archived: 0 },
  tasks: { total: 20, pending: 9, in_progress: 6, completed: 5, overdue: 3, completion: 25 },
  completed_per_week: [
    { week_start: '2026-01-05', completed: 0 },
    { week_start: '2026-01-12', completed: 2 },
    { week_start: '2026-01-19', completed: 3 },
  ],
  team: [
    { user_id: 'u1', first_name: 'Ada', last_name: 'Lovelace', role: 'owner', status: 'active' },
    { user_id: 'u2', first_name: 'Wendy', last_name: 'Worker', role: 'worker', status: 'inactive' },
  ],
  projects_recent: [
    { project_id: 'p1', name: 'Spring launch', status: 'in_progress', due_date: '2026-04-01' },
  ],
  ...patch,
});

const stat = (label: string) => within(screen.getByRole('group', { name: label }));

// Eight templates: more than the default 5 s on a busy machine.
describe('DashboardPage', { timeout: 20_000 }, () => {
  it('shows the figures the API gives, in the stat cards', async () => {
    signIn(fakeWorkspaceAuthSession('crm', 'owner'));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: stats() }));
    renderWithData(<DashboardPage template="crm" />);

    expect(screen.getByRole('heading', { name: 'CRM dashboard' })).toBeTruthy();
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Sales floor')).toBeTruthy();
    // The cards render once the answer's deferred render is done (QueryState).
    expect(await screen.findByText('6 active')).toBeTruthy();
    expect(stat('Members').getByText('7')).toBeTruthy();
    expect(stat('Members').getByText('6 active')).toBeTruthy();
    expect(stat('Projects').getByText('4')).toBeTruthy();
    // Every stored status, so the parts add up to the total (not started was left out).
    expect(stat('Projects').getByText('1 not started, 2 in progress, 1 complete')).toBeTruthy();
    expect(stat('Tasks').getByText('20')).toBeTruthy();
    // Every stored status, so the parts add up to the total (in progress was left out).
    expect(stat('Tasks').getByText('5 completed, 6 in progress, 9 pending')).toBeTruthy();
    expect(stat('Overdue tasks').getByText('3')).toBeTruthy();
    expect(stat('Completion').getByText('25%')).toBeTruthy();
    expect(calledUrls(fetchMock)).toEqual(['/api/dashboard']);
  });

  it('names every status in the Projects card, on hold, cancelled and archived when there are any', async () => {
    signIn(fakeWorkspaceAuthSession('crm', 'owner'));
    const projects = {
      total: 9,
      not_started: 1,
      in_progress: 2,
      complete: 1,
      on_hold: 2,
      cancelled: 1,
      archived: 2,
    };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: stats({ projects }) }));
    renderWithData(<DashboardPage template="crm" />);
    expect(
      await screen.findByText('1 not started, 2 in progress, 1 complete, 2 on hold, 1 cancelled, 2 archived'),
    ).toBeTruthy();
    expect(stat('Projects').getByText('9')).toBeTruthy();
  });

  it('shows the sales and orders panels a module of the template gives, and none where no module does', async () => {
    signIn(fakeWorkspaceAuthSession('crm', 'owner'));
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: stats() }));
    const { unmount } = renderWithData(
      <DashboardPage template="crm" sales={<section aria-label="Sales from operations" />} />,
    );
    expect(await screen.findByRole('region', { name: 'Sales from operations' })).toBeTruthy();
    unmount();

    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    renderWithData(<DashboardPage template="workspace" />);
    expect(await screen.findByRole('region', { name: 'Tasks completed per week' })).toBeTruthy();
    // No empty charts, and no promise of sales a general workspace will never have.
    expect(screen.queryByRole('region', { name: 'Sales value' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Total orders' })).toBeNull();
    expect(screen.queryByText(/arrive with/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Subscribers' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Subscriptions' })).toBeNull();
  });

  it('charts the tasks completed per week (and lists them for screen readers)', async () => {
    signIn(fakeWorkspaceAuthSession('crm', 'owner'));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: stats() }));
    renderWithData(<DashboardPage template="crm" />);
    // The figures arrive through a query; on a busy machine that takes more than the default second.
    const table = await screen.findByRole('table', { name: 'Tasks completed per week' }, { timeout: 10_000 });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['Week ofCompleted', '5 Jan0', '12 Jan2', '19 Jan3']);
  });

  it('shows the Team and Projects panels to an owner, with See all links', async () => {
    signIn(fakeWorkspaceAuthSession('crm', 'owner'));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: stats() }));
    renderWithData(<DashboardPage template="crm" />);
    const team = within(await screen.findByRole('region', { name: 'Team' }));
    expect(team.getByText('Wendy Worker')).toBeTruthy();
    expect(team.getByText('Inactive')).toBeTruthy();
    expect(team.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/team');
    const projects = within(screen.getByRole('region', { name: 'Projects' }));
    expect(projects.getByText('Spring launch')).toBeTruthy();
    expect(projects.getByText('In progress')).toBeTruthy();
    expect(projects.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/project/list');
  });

  it("shows a member's initials whole (an emoji too), and the whole names where the panels cut them short", async () => {
    signIn(fakeWorkspaceAuthSession('crm', 'owner'));
    const long = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(4);
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        data: stats({
          team: [
            { user_id: 'u3', first_name: '💈 Zawadi', last_name: long, role: 'worker', status: 'active' },
          ],
          projects_recent: [{ project_id: 'p2', name: long, status: 'in_progress', due_date: '2026-04-01' }],
        }),
      }),
    );
    renderWithData(<DashboardPage template="crm" />);
    const team = within(await screen.findByRole('region', { name: 'Team' }));
    expect(team.getByText('💈P')).toBeTruthy();
    expect(team.getByText(`💈 Zawadi ${long}`).getAttribute('title')).toBe(`💈 Zawadi ${long}`);
    const projects = within(screen.getByRole('region', { name: 'Projects' }));
    expect(projects.getByText(long).getAttribute('title')).toBe(long);
  });

  it('hides the Team panel from a worker, and the Projects panel from a guest', async () => {
    signIn(fakeWorkspaceAuthSession('crm', 'worker'));
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: stats({ team: [] }) }));
    const { unmount } = renderWithData(<DashboardPage template="crm" />);
    expect(await screen.findByRole('region', { name: 'Projects' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Team' })).toBeNull();
    unmount();

    signIn(fakeWorkspaceAuthSession('crm', 'guest'));
    renderWithData(<DashboardPage template="crm" />);
    expect(await screen.findByRole('region', { name: 'Tasks completed per week' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Projects' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Team' })).toBeNull();
  });

  it.each(TEMPLATES)(
    'says what the %s template is for, what it holds and what it lacks, above the shared panels',
    async (template) => {
      signIn(fakeWorkspaceAuthSession(template, 'owner'));
      fetchMock.mockResolvedValueOnce(
        jsonResponse(200, {
          data: stats({ workspace: { workspace_id: 'w', workspace_name: 'Here', template } }),
        }),
      );
      renderWithData(<DashboardPage template={template} />);
      const label = TEMPLATE_LABELS[template];
      const intro = TEMPLATE_INTROS[template];
      const about = await screen.findByRole('region', { name: `About ${label}` });
      expect(within(about).getByText(intro.purpose)).toBeTruthy();
      if (intro.here) expect(within(about).getByText(intro.here.text)).toBeTruthy();
      const missing = within(about).queryByRole('list', { name: `Not in the ${label} template yet` });
      expect(
        missing === null
          ? []
          : within(missing)
              .getAllByRole('listitem')
              .map((item) => item.textContent),
      ).toEqual(intro.notYet);
      // Nothing is promised as coming.
      expect(within(about).queryByText(/coming/i)).toBeNull();
      // The shared panels follow.
      expect(stat('Members').getByText('7')).toBeTruthy();
      const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
      expect(regions[0]).toBe(`About ${label}`);
      expect(regions).toContain('Tasks completed per week');
    },
  );

  it('says where the operations are only to who may see them', async () => {
    signIn(fakeWorkspaceAuthSession('erp', 'guest'));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: stats() }));
    renderWithData(<DashboardPage template="erp" />);
    const about = await screen.findByRole('region', { name: 'About ERP' });
    expect(within(about).getByText(TEMPLATE_INTROS.erp.purpose)).toBeTruthy();
    expect(within(about).queryByText(/under Operations/)).toBeNull();
    expect(within(about).getByRole('list', { name: 'Not in the ERP template yet' })).toBeTruthy();
  });

  it('names what the templates with operations lack, and promises nothing for the general workspace', () => {
    for (const template of ['erp', 'crm', 'srm'] as const) {
      expect(TEMPLATE_INTROS[template].here?.action).toBe('operations:read');
      expect(TEMPLATE_INTROS[template].notYet.length).toBeGreaterThan(0);
    }
    expect(TEMPLATE_INTROS.workspace).toMatchObject({ here: null, notYet: [] });
  });

  it('gives each template its own text', () => {
    const purposes = new Set(TEMPLATES.map((template) => TEMPLATE_INTROS[template].purpose));
    expect(purposes.size).toBe(TEMPLATES.length);
  });

  it('shows no chart when no task was completed: an empty state instead', async () => {
    signIn(fakeWorkspaceAuthSession('crm', 'owner'));
    const idle = [
      { week_start: '2026-01-05', completed: 0 },
      { week_start: '2026-01-12', completed: 0 },
    ];
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: stats({ completed_per_week: idle }) }));
    renderWithData(<DashboardPage template="crm" />);
    const panel = within(await screen.findByRole('region', { name: 'Tasks completed per week' }));
    expect(panel.getByText('No task was completed in the last 2 weeks.')).toBeTruthy();
    expect(panel.queryByRole('table')).toBeNull();
    expect(document.querySelector('.mantine-BarsList-root')).toBeNull();
  });

  it("shows the server's message when the figures cannot be loaded", async () => {
    signIn(fakeWorkspaceAuthSession('crm', 'owner'));
    fetchMock.mockResolvedValueOnce(jsonResponse(503, { error: { code: 'INTERNAL', message: BUSY } }));
    renderWithData(<DashboardPage template="crm" />);
    expect(await screen.findByText(BUSY)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
