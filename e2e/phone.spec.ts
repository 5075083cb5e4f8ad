import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { APP_URL } from '../playwright.config.ts';
import {
  type ApiSession,
  apiCreateWorkspace,
  apiInviteAndAccept,
  apiLoadSampleData,
  apiSignIn,
} from './support/api.ts';
import { createVerifiedUser, PASSWORD, shot, signIn, toast, uniqueEmail } from './support/helpers.ts';

// On a phone nothing widens the page: a wide table scrolls inside its own frame, a row of fields
// wraps. A page wider than the screen lets the whole layout slide sideways under the thumb.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** A name of 60 characters and more, which wraps (or was cut short) where a short one fits. */
const LONG_NAME = 'Extraordinarily thorough consultation and complete restyling session';

/** How far the page reaches past the right edge of the screen, in CSS pixels (0: it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Signs a new account holder in on a phone, in a new workspace of `template`; returns the page. */
async function phoneOwner(browser: Browser, prefix: string, template: string) {
  const owner = await createVerifiedUser(APP_URL, prefix);
  const session = await apiCreateWorkspace(
    await apiSignIn(APP_URL, owner.email, owner.password),
    `${prefix} on a phone`,
    template,
  );
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard/);
  return { page, session };
}

/** Each of `targets` narrower or lower than 24 px, the size WCAG 2.2 asks of a target (2.5.8). */
async function underSized(targets: Record<string, Locator>): Promise<string[]> {
  const small: string[] = [];
  for (const [name, target] of Object.entries(targets)) {
    await expect(target.first(), name).toBeVisible();
    for (const one of await target.all()) {
      const box = await one.boundingBox();
      if (!box || box.width < 24 || box.height < 24) {
        small.push(`${name}: ${box ? `${box.width} x ${box.height}` : 'not shown'}`);
      }
    }
  }
  return small;
}

/** The badges in the page's tables that show less than their word ('BOOK…'), with their widths. */
const cutBadges = (page: Page) =>
  page
    .locator('table .mantine-Badge-label')
    .evaluateAll((labels) =>
      labels
        .filter((label) => label.scrollWidth > label.clientWidth)
        .map((label) => `${label.textContent}: ${label.clientWidth} of ${label.scrollWidth} px`),
    );

/** Visits each path on a phone and on a desktop; the cut badges by page and width (none: {}). */
async function cutBadgesOn(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  const cut: Record<string, string[]> = {};
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('table .mantine-Badge-label').first()).toBeVisible();
      const badges = await cutBadges(page);
      if (badges.length > 0) cut[`${path} at ${viewport.width}`] = badges;
    }
  }
  return cut;
}

/** POSTs `body` to `path` as the session; the created record. */
async function post(session: ApiSession, path: string, body: unknown) {
  const response = await fetch(`${APP_URL}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data;
}

/** Visits each path and gives those wider than the screen, with by how much. */
async function widePages(page: Page, paths: string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const by = await overflow(page);
    if (by > 0) wide.push(`${path}: ${by} px`);
  }
  return wide;
}

test('the account pages fit a 390 px phone', async ({ browser }) => {
  const { page, session } = await phoneOwner(browser, 'phone-core', 'workspace');
  const project = await fetch(`${APP_URL}/api/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Launch',
      description: 'On a phone',
      due_date: '2099-01-15',
      status: 'in_progress',
    }),
  });
  expect(project.status).toBe(201);
  expect(
    await widePages(page, [
      '/dashboard',
      '/project/list',
      '/tasks/mine',
      '/team',
      '/workspace/list',
      '/user/security',
      '/user/billing',
      '/settings/audit',
    ]),
  ).toEqual([]);
  // The list's filters fold behind a button, so its rows are on the first screen.
  await page.goto('/project/list');
  const filters = page.getByRole('button', { name: 'Filters' });
  await expect(page.getByLabel('Search by name')).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveCount(0);
  const firstRow = page.getByRole('table', { name: 'Projects' }).getByRole('row').nth(1);
  expect(((await firstRow.boundingBox())?.y ?? PHONE.height) + 20).toBeLessThan(PHONE.height);
  await filters.click();
  await page.getByLabel('Status').selectOption('in_progress');
  await expect(page.getByRole('button', { name: 'Filters, 1 set' })).toBeVisible();
  await shot(page, '89-project-filters-390');

  // The sessions' column of buttons has a header read out but not shown: it stays in the frame.
  await page.goto('/user/security');
  await expect(page.getByRole('region', { name: 'Signed-in devices' })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});

test("the top bar's, the dashboard's and the team's small targets are 24 px at least (WCAG 2.2 2.5.8)", async ({
  browser,
}) => {
  const { page, session } = await phoneOwner(browser, 'phone-targets', 'workspace');
  await apiInviteAndAccept(session, {
    email: uniqueEmail('phone-targets-worker'),
    first_name: 'Wendy',
    last_name: 'Worker',
    role: 'worker',
    password: PASSWORD,
  });
  const switches = page.getByRole('switch', { name: /^Active: / });
  const seeAll = page.getByRole('link', { name: 'See all' });
  // On a phone the top bar has a link to the search page in place of its search box.
  await page.goto('/dashboard');
  const small = await underSized({
    'Search at 390': page.getByRole('banner').getByRole('link', { name: 'Search', exact: true }),
    'See all at 390': seeAll,
  });
  await page.goto('/team');
  small.push(...(await underSized({ 'Active switch at 390': switches })));
  // Wider, the top bar has the search box and the trial's badge, a link to billing.
  await page.setViewportSize(DESKTOP);
  await page.goto('/dashboard');
  small.push(
    ...(await underSized({
      'Trial badge at 1280': page.getByRole('banner').getByRole('link', { name: /^Trial: \d+ days? left$/ }),
      'See all at 1280': seeAll,
    })),
  );
  await page.goto('/team');
  small.push(...(await underSized({ 'Active switch at 1280': switches })));
  expect(small).toEqual([]);
});

test("a salon's dashboard and its staff form fit a 390 px phone, its status badges show their whole word", async ({
  browser,
}) => {
  const { page, session } = await phoneOwner(browser, 'phone-salon', 'barber');
  await apiLoadSampleData(session, 'barber');
  expect(await widePages(page, ['/dashboard_barber', '/barber/staff', '/barber/appointments'])).toEqual([]);

  // A status badge in a squeezed column shows its whole word ('BOOK…' and 'ACTI…' before).
  expect(await cutBadgesOn(page, ['/barber/appointments', '/barber/staff', '/barber/services'])).toEqual({});
  await page.setViewportSize(PHONE);

  // The week's hours: a row a day, the break under the hours where the dialog is too narrow.
  await page.goto('/barber/staff');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  const breakTo = dialog.getByLabel('Sun break to', { exact: true });
  await breakTo.scrollIntoViewIfNeeded();
  const box = await breakTo.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  expect(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth)).toBeLessThanOrEqual(0);
  await shot(page, '90-staff-form-390');
});

test('on a phone, where dragging does not work, an appointment is moved from its dialog', async ({
  browser,
}) => {
  const { page, session } = await phoneOwner(browser, 'phone-move', 'barber');
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${APP_URL}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, path).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data;
  };
  const everyDay = [1, 2, 3, 4, 5, 6, 7];
  const service = await post('/api/barber/services', { name: 'Haircut', duration_minutes: 30, price: '800' });
  await post('/api/barber/staff', {
    name: 'Amina',
    service_ids: [service.id],
    hours: everyDay.map((weekday) => ({ weekday, start_minute: 8 * 60, end_minute: 20 * 60 })),
  });
  // Tomorrow at 10:00 in the shop's time (Africa/Nairobi, UTC+3 all year).
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(
    new Date(Date.now() + 86_400_000),
  );
  await post('/api/barber/appointments', {
    start_at: `${tomorrow}T07:00:00.000Z`,
    service_ids: [service.id],
    customer: { name: 'Wanjiru' },
  });

  await page.goto(`/barber/calendar?date=${tomorrow}`);
  await page.getByRole('button', { name: /^10:00 Wanjiru/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Wanjiru' });
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  const form = dialog.getByRole('form', { name: 'Move the appointment' });
  await form.getByLabel(/^Time/).fill('15:30');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await shot(page, '94-move-appointment-390');
  await form.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText(/^Moved to .* 15:30$/)).toBeVisible();
  await expect(dialog.getByText(/15:30 – 16:00 with Amina/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /^15:30 Wanjiru/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^10:00 Wanjiru/ })).toHaveCount(0);
});

test("a queue's opening hours fit a 390 px phone", async ({ browser }) => {
  const { page } = await phoneOwner(browser, 'phone-queue', 'ticketing');
  expect(await widePages(page, ['/dashboard_ticketing', '/ticketing/settings'])).toEqual([]);
  const closes = page.getByLabel('Sunday closes');
  const box = await closes.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
});

test("a queue's status badges show their whole word, and My tickets a service's whole name", async ({
  browser,
}) => {
  const { page, session } = await phoneOwner(browser, 'phone-queue-names', 'ticketing');
  await apiLoadSampleData(session, 'ticketing');
  // A status badge in a squeezed column shows its whole word ('DO…' and 'ACTI…' before).
  expect
    .soft(await cutBadgesOn(page, ['/ticketing/tickets', '/ticketing/services', '/ticketing/counters']))
    .toEqual({});

  // A customer chooses among the services by their whole names, wrapped on a phone: a native
  // select showed the chosen one cut to its box.
  const service = `${LONG_NAME} for business accounts`;
  await post(session, '/api/ticketing/services', { name: service, prefix: 'L', avg_service_minutes: 5 });
  const customer = { email: uniqueEmail('phone-queue-customer'), password: PASSWORD };
  await apiInviteAndAccept(session, {
    ...customer,
    first_name: 'Amina',
    last_name: 'Odhiambo',
    role: 'customer',
  });
  const mine = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signIn(mine, customer.email, customer.password);
  await expect(mine).toHaveURL(/\/dashboard_ticketing$/);
  for (const viewport of [PHONE, DESKTOP]) {
    await mine.setViewportSize(viewport);
    await mine.goto('/ticketing/my-tickets');
    const choice = mine.getByRole('radio', { name: service });
    await expect(choice).toBeVisible();
    const label = mine.locator(`label[for="${await choice.getAttribute('id')}"]`);
    await expect(label).toHaveText(service);
    const shown = await label.evaluate((l) => ({
      right: l.getBoundingClientRect().right,
      cut: l.scrollWidth > l.clientWidth,
    }));
    expect(shown.cut).toBe(false);
    expect(shown.right).toBeLessThanOrEqual(viewport.width);
    expect(await overflow(mine)).toBeLessThanOrEqual(0);
    await shot(mine, `96-my-tickets-long-service-${viewport.width}`);
  }
  // Chosen by keyboard: Space on the focused service.
  const choice = mine.getByRole('radio', { name: service });
  await choice.focus();
  await mine.keyboard.press('Space');
  await expect(choice).toBeChecked();

  // The desk issues tickets one after the other on a small phone (375 x 667): the last one's toast
  // leaves the button free (it covered it, spread across the bottom of the screen, for 5 seconds).
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/ticketing/console');
  // At a counter, the console's call panel comes first and the desk's card ends the page.
  await page.getByRole('combobox', { name: 'Your counter' }).click();
  await page.getByRole('listbox', { name: 'Your counter' }).getByRole('option').first().click();
  // Loaded during the queue's opening hours, the sample leaves a ticket in the counter's hands
  // (its Done in the call panel): served first, the panel offers the next call.
  const callNext = page.getByRole('button', { name: /call next/i });
  const done = page.getByRole('button', { name: 'Done', exact: true });
  await expect(callNext.or(done)).toBeVisible();
  if (await done.isVisible()) await done.click();
  await expect(callNext).toBeVisible();
  await page.getByLabel('Service').selectOption({ label: service });
  const issue = page.getByRole('button', { name: 'Issue ticket' });
  // Scrolled to the bottom of the screen, where the thumb reaches it.
  await issue.evaluate((button) => button.scrollIntoView({ block: 'end' }));
  await issue.click();
  await expect(toast(page, 'SUCCESS', 'L-001 issued')).toBeVisible();
  // At once the next (well within the toast's 5 s): the tap reaches the button, not the toast.
  await issue.click({ timeout: 3000 });
  await expect(toast(page, 'SUCCESS', 'L-002 issued')).toBeVisible();
  await shot(page, '97-console-issue-toast-375');
});

test("an order's lines are cards on a 390 px phone, every field in view", async ({ browser }) => {
  const { page } = await phoneOwner(browser, 'phone-plant', 'mrp');
  expect(
    await widePages(page, ['/dashboard_mrp', '/operations/products', '/operations/customer-orders/new']),
  ).toEqual([]);
  // One card per line, its fields under each other: no table scrolled sideways to reach the
  // quantity and the price (as it was, with only the product in view).
  await expect(page.getByRole('table', { name: 'Order lines' })).toHaveCount(0);
  await page.getByRole('button', { name: '+ Add line' }).click();
  const second = page.getByRole('list', { name: 'Order lines' }).getByRole('listitem', { name: 'Line 2' });
  for (const name of [/^Product/, /^Quantity/, /^Unit price/, /^Due date/]) {
    const box = await second.getByLabel(name).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, String(name)).toBe(true);
  }
  await shot(page, '98-order-lines-390');
});

test("a student's guardian fields stack on a 390 px phone, each wide enough to read", async ({ browser }) => {
  const { page, session } = await phoneOwner(browser, 'phone-school', 'cbe');
  await apiLoadSampleData(session, 'cbe');
  await page.goto('/cbe/students');
  await page.getByRole('button', { name: '+ Admit student' }).click();
  const dialog = page.getByRole('dialog', { name: 'Admit a student' });
  await dialog.getByRole('button', { name: '+ Add guardian' }).click();
  // Three to a row, each was 87 px: 'Wanjiku K' of a name, 'mple.com' of an e-mail.
  const boxes = [];
  for (const name of [/^Name/, /^Phone/, /^E-mail/]) {
    const box = await dialog.getByRole('textbox', { name }).boundingBox();
    if (!box) throw new Error(`${name} not shown`);
    boxes.push(box);
  }
  for (const [index, box] of boxes.entries()) {
    expect(box.width, `field ${index + 1}`).toBeGreaterThanOrEqual(250);
    if (index > 0)
      expect(box.y).toBeGreaterThan((boxes[index - 1]?.y ?? 0) + (boxes[index - 1]?.height ?? 0));
  }
  expect(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth)).toBeLessThanOrEqual(0);
  await shot(page, '98-student-guardians-390');

  // A table's buttons stay in view at its right while its columns scroll under them: they were
  // the columns furthest off-screen (Classes' Edit and Delete, Fees' Record payment).
  const list = await page.context().newPage();
  await list.goto('/cbe/classes');
  const classes = list.getByRole('table', { name: 'Classes' });
  const inView = async (button: Locator) => {
    const box = await button.boundingBox();
    return Boolean(box && box.x >= 0 && box.x + box.width <= PHONE.width);
  };
  const edit = classes.getByRole('button', { name: 'Edit' }).first();
  expect(await inView(edit)).toBe(true);
  await classes.getByRole('columnheader', { name: 'Students' }).scrollIntoViewIfNeeded();
  expect(await inView(edit)).toBe(true);
  await edit.click();
  await expect(list.getByRole('dialog')).toBeVisible();
  await shot(list, '98-classes-actions-390');
});
