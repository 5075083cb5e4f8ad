import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, APP_URL } from '../playwright.config.ts';
import { type ApiSession, apiCreateWorkspace, apiInviteAndAccept, apiSignIn } from './support/api.ts';
import { createVerifiedUser, shot, signIn, uniqueEmail } from './support/helpers.ts';

// Every kind of page, checked by axe-core in the browser against WCAG 2.2 A and AA and axe's best
// practices: colour contrast as rendered, names of buttons and fields, landmarks, headings, target
// sizes. A page passes with no violation at all; a failure lists each rule with the elements it
// found, so the message says what to mend.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

type Violation = { rule: string; impact: string; nodes: string[] };

/** axe's violations on the page as it is now (after its data has loaded). */
async function violations(page: Page): Promise<Violation[]> {
  // Given to the browser by the test runner (DevTools), not by a script tag: the app's content
  // security policy stays on while axe looks at the page.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (rules) => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: Document,
          options: object,
        ) => Promise<{
          violations: { id: string; impact: string; nodes: { target: string[]; failureSummary: string }[] }[];
        }>;
      };
    };
    const result = await axe.run(document, { runOnly: rules });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary.split('\n')[1]?.trim() ?? ''}`),
    }));
  }, RULES);
}

/** Opens each path, waits for its data, and gathers what axe finds, keyed by path. */
async function audit(page: Page, paths: string[]): Promise<Record<string, Violation[]>> {
  const found: Record<string, Violation[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const seen = await violations(page);
    if (seen.length > 0) found[path] = seen;
  }
  return found;
}

/** Opens a dialog or menu with the button named `opener` and audits the page with it open. */
async function auditOpened(page: Page, path: string, opener: string | RegExp, role: 'dialog' | 'menu') {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: opener }).first().click();
  await expect(page.getByRole(role)).toBeVisible();
  // Read once it has faded in: half-way, its colours are the page's and the overlay's mixed.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  return violations(page);
}

const post = async (session: ApiSession, path: string, body: unknown) => {
  const response = await fetch(`${APP_URL}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBeLessThan(300);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
};

/** A new owner in a new workspace of `template` (with its sample data where it has some), signed in. */
async function owner(
  browser: Browser,
  template: string,
  sampleData?: string,
  viewport = { width: 1280, height: 800 },
) {
  const who = await createVerifiedUser(APP_URL, `a11y-${template}`);
  const session = await apiCreateWorkspace(
    await apiSignIn(APP_URL, who.email, who.password),
    `A11y ${template}`,
    template,
  );
  if (sampleData) await post(session, sampleData, {});
  const mine = await fetch(`${APP_URL}/api/workspaces`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const slug = ((await mine.json()) as { data: { public_slug: string }[] }).data[0]?.public_slug ?? '';
  const page = await (await browser.newContext({ viewport })).newPage();
  await signIn(page, who.email, who.password);
  await expect(page).toHaveURL(/\/dashboard/);
  return { page, session, slug };
}

test('the public pages meet WCAG 2.2 AA', async ({ page }) => {
  expect(
    await audit(page, ['/', '/auth/login', '/auth/register', '/auth/forgot-password', '/pricing']),
  ).toEqual({});
  // The theme's colours come with the stylesheet (apps/web/build/theme-css.ts), not from a <style>
  // the app writes at load: dimmed text in gray 7, the primary in indigo 8, green darkened to 4.5:1.
  const root = await page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return {
      dimmed: style.getPropertyValue('--mantine-color-dimmed').trim(),
      primary: style.getPropertyValue('--mantine-primary-color-filled').trim(),
      green: style.getPropertyValue('--mantine-color-green-filled').trim(),
      written: document.querySelectorAll('style[data-mantine-styles="true"]').length,
    };
  });
  expect(root).toEqual({ dimmed: '#495057', primary: '#3b5bdb', green: '#28863a', written: 0 });
});

test("a workspace's pages, a dialog and the user menu meet WCAG 2.2 AA", async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, session } = await owner(browser, 'workspace');
  const userId = JSON.parse(Buffer.from(session.token.split('.')[1] ?? '', 'base64url').toString()).user_id;
  const project = await post(session, '/api/projects', {
    name: 'Launch',
    description: 'The launch',
    due_date: '2099-01-15',
    status: 'in_progress',
  });
  const milestone = await post(session, `/api/projects/${project.project_id}/milestones`, {
    name: 'Beta',
    description: 'The beta',
    due_date: '2099-01-10',
    status: 'in_progress',
  });
  const task = await post(session, '/api/tasks', {
    name: 'Write the docs',
    description: 'All of them',
    assigned_to: userId,
    status: 'pending',
    due_date: '2099-01-05',
    priority: 'high',
    project_id: project.project_id,
    milestone_id: milestone.milestone_id,
  });
  expect(
    await audit(page, [
      '/dashboard',
      '/project/list',
      `/milestone/${project.project_id}`,
      `/milestone/${milestone.milestone_id}/tasks`,
      `/task/view/${task.task_id}`,
      `/task/${task.task_id}/edit`,
      '/team',
      '/workspace/create',
      '/user/security',
      '/user/billing',
      '/settings/audit',
    ]),
  ).toEqual({});
  // The first Tab shows the skip link; Enter takes the keyboard past the header and the sidebar.
  await page.goto('/project/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await shot(page, '95-skip-link');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/project\/list$/);
  // A move within the app is read out by the new page's title (a live region), focus left alone.
  const myTasks = page.getByRole('navigation').getByRole('link', { name: 'My tasks', exact: true });
  await myTasks.click();
  await expect(page).toHaveURL(/\/tasks\/mine$/);
  await expect(page.getByTestId('route-announcer')).toHaveText('My tasks');
  expect(await page.title()).toBe('My tasks');
  await expect(myTasks).toBeFocused();
  expect(await auditOpened(page, '/tags', 'New Tag', 'dialog')).toEqual([]);
  expect(await auditOpened(page, '/project/list', /user menu/, 'menu')).toEqual([]);
  // The menu's keys (WAI-ARIA's menu button): opened, on its first item; down to the next; Escape
  // back to the button.
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem').nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /user menu/ })).toBeFocused();
});

test("a worker's pages, a form's refusals and a confirmation meet WCAG 2.2 AA", async ({ browser }) => {
  test.setTimeout(90_000);
  const { page, session } = await owner(browser, 'workspace');
  const worker = { email: uniqueEmail('a11y-worker'), password: 'worker-pass-1' };
  await apiInviteAndAccept(session, { ...worker, first_name: 'Wendy', last_name: 'Worker', role: 'worker' });
  const project = await post(session, '/api/projects', {
    name: 'Launch',
    description: 'The launch',
    due_date: '2099-01-15',
    status: 'in_progress',
  });
  // The owner's form refused: every field's message shown in the error colour, the fields marked.
  await page.goto('/project/create');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('textbox', { name: /name/i }).first()).toHaveAttribute('aria-invalid', 'true');
  expect(await violations(page)).toEqual([]);
  // A destructive action's confirmation.
  await page.goto('/project/list');
  await page
    .getByRole('row')
    .filter({ hasText: 'Launch' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Deactivate Launch?' })).toBeVisible();
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  expect(await violations(page)).toEqual([]);
  // A worker sees less (no team, no settings) and reads what the owner writes.
  const workerPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(workerPage, worker.email, worker.password);
  await expect(workerPage).toHaveURL(/\/dashboard/);
  expect(
    await audit(workerPage, [
      '/dashboard',
      '/project/list',
      `/milestone/${project.project_id}`,
      '/tasks/mine',
    ]),
  ).toEqual({});
});

test("a salon's pages, its booking dialog and its public booking page meet WCAG 2.2 AA", async ({
  browser,
}) => {
  const { page, slug } = await owner(browser, 'barber', '/api/barber/sample-data');
  expect(
    await audit(page, ['/dashboard_barber', '/barber/calendar', '/barber/staff', `/book/${slug}`]),
  ).toEqual({});
  expect(await auditOpened(page, '/barber/calendar', 'New appointment', 'dialog')).toEqual([]);
});

test("a school's pages meet WCAG 2.2 AA, and a page a role may not open has its own heading", async ({
  browser,
}) => {
  const { page } = await owner(browser, 'cbe', '/api/cbe/sample-data');
  expect(
    await audit(page, ['/dashboard_cbe', '/cbe/students', '/cbe/fees', '/cbe/gradebook', '/cbe/children']),
  ).toEqual({});
  await expect(page.getByRole('heading', { level: 1, name: 'You cannot open this page' })).toBeVisible();
});

test("a queue's pages and its kiosk and board meet WCAG 2.2 AA", async ({ browser }) => {
  const { page, slug } = await owner(browser, 'ticketing', '/api/ticketing/sample-data');
  expect(
    await audit(page, [
      '/dashboard_ticketing',
      '/ticketing/console',
      '/ticketing/tickets',
      `/q/${slug}/take`,
    ]),
  ).toEqual({});
  // The board streams (server-sent events): the network is never idle, so it is read once it shows.
  await page.goto(`/q/${slug}/board`);
  await expect(page.getByRole('heading', { level: 1, name: 'Now serving' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("a plant's pages meet WCAG 2.2 AA", async ({ browser }) => {
  const { page } = await owner(browser, 'mrp');
  expect(
    await audit(page, [
      '/dashboard_mrp',
      '/operations/products/new',
      '/operations/customer-orders/new',
      '/operations/mrp',
    ]),
  ).toEqual({});
});

test("the admin's pages, and a list on a phone with its filters open, meet WCAG 2.2 AA", async ({
  page,
  browser,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/workspace$/);
  expect(await audit(page, ['/dashboard_admin', '/subscription_type'])).toEqual({});

  const phone = (await owner(browser, 'workspace', undefined, { width: 390, height: 844 })).page;
  expect(await audit(phone, ['/tasks/mine'])).toEqual({});
  await phone.getByRole('button', { name: /^Filters/ }).click();
  expect(await violations(phone)).toEqual([]);
});
