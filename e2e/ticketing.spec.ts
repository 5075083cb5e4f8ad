import { expect, test } from '@playwright/test';
import { APP_URL } from '../playwright.config.ts';
import { apiCreateWorkspace, apiInviteAndAccept, apiSignIn } from './support/api.ts';
import { createVerifiedUser, PASSWORD, shot, signIn, toast, uniqueEmail } from './support/helpers.ts';

test('an owner sets up a queue, a customer takes a ticket at the kiosk, the board shows the call within 2 s, the ticket page follows it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await createVerifiedUser(APP_URL, 'queue');
  const session = await apiCreateWorkspace(
    await apiSignIn(APP_URL, owner.email, owner.password),
    'Harambee Branch',
    'ticketing',
  );
  const workspace = await fetch(`${APP_URL}/api/workspaces/${session.workspaceId}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const slug = ((await workspace.json()) as { data: { public_slug: string } }).data.public_slug;

  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard_ticketing$/);
  await expect(page.getByRole('button', { name: 'Load sample data' })).toBeVisible();
  // The kiosk's and the board's addresses, to open on their screens.
  await expect(page.getByRole('link', { name: `${APP_URL}/q/${slug}/take` })).toBeVisible();
  await expect(page.getByRole('link', { name: `${APP_URL}/q/${slug}/board` })).toBeVisible();

  // A service.
  await page.goto('/ticketing/services');
  await expect(page.getByText('No services yet')).toBeVisible();
  await page.getByRole('button', { name: '+ New service' }).first().click();
  const serviceDialog = page.getByRole('dialog', { name: 'New service' });
  await serviceDialog.getByLabel(/^Name/).fill('Deposits');
  await serviceDialog.getByLabel(/^Prefix letter/).fill('D');
  await serviceDialog.getByLabel(/^Average service time/).fill('4');
  await serviceDialog.getByRole('button', { name: 'Create service' }).click();
  await expect(toast(page, 'SUCCESS', 'Service created')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Services' }).getByText('Deposits')).toBeVisible();

  // A counter that calls it.
  await page.goto('/ticketing/counters');
  await page.getByRole('button', { name: '+ New counter' }).first().click();
  const counterDialog = page.getByRole('dialog', { name: 'New counter' });
  await counterDialog.getByLabel(/^Name/).fill('Window 1');
  await counterDialog.getByRole('combobox', { name: 'Services it calls' }).click();
  await page.getByRole('option', { name: 'D · Deposits' }).click();
  await counterDialog.getByRole('button', { name: 'Create counter' }).click();
  await expect(toast(page, 'SUCCESS', 'Counter created')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Counters' }).getByText('Window 1')).toBeVisible();

  // The public pages, with no sign-in: the board, then the kiosk.
  const visitor = await browser.newContext();
  const board = await visitor.newPage();
  await board.goto(`/q/${slug}/board`);
  await expect(board.getByRole('heading', { name: 'Now serving' })).toBeVisible();
  await expect(board.getByText('Harambee Branch')).toBeVisible();
  await expect(board.getByText('Live')).toBeVisible();
  await expect(board.getByText('Nobody is waiting.')).toBeVisible();

  const kiosk = await visitor.newPage();
  await kiosk.goto(`/q/${slug}/take`);
  await kiosk.getByRole('button', { name: /Deposits/ }).click();
  await expect(kiosk.getByTestId('ticket-number')).toHaveText('D-001');
  await expect(kiosk.getByTestId('people-ahead')).toHaveText('You are next');
  await shot(kiosk, 'ticketing-kiosk');
  // The board hears of the new ticket.
  await expect(board.getByTestId('next-tickets').getByText('D-001')).toBeVisible({ timeout: 2_000 });

  await kiosk.getByRole('link', { name: 'Follow my ticket' }).click();
  await expect(kiosk).toHaveURL(new RegExp(`/q/${slug}/t/[0-9a-f-]{36}$`));
  await expect(kiosk.getByTestId('ticket-status')).toHaveText('Waiting');
  await expect(kiosk.getByTestId('people-ahead')).toHaveText('You are next');

  // The counter calls next: the board shows it within 2 s, the ticket page says where to go.
  await page.goto('/ticketing/console');
  await page.getByRole('combobox', { name: 'Your counter' }).click();
  await page.getByRole('option', { name: 'Window 1' }).click();
  // A double-click calls once (the button knew it was busy only after both clicks, a timer later).
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/call-next')) calls.push(request.url());
  });
  await page.getByRole('button', { name: 'Call next' }).dblclick();
  const calledAt = Date.now();
  await expect(page.getByTestId('console-ticket')).toHaveText('D-001');
  await expect(board.getByTestId('counter-Window 1').getByText('D-001')).toBeVisible({ timeout: 2_000 });
  expect(Date.now() - calledAt).toBeLessThan(2_000);
  await expect(board.getByTestId('last-call')).toHaveText('D-001 → Window 1');
  await shot(board, 'ticketing-board');
  await expect(kiosk.getByTestId('ticket-status')).toHaveText('Called: please go to the counter');
  await expect(kiosk.getByTestId('ticket-counter')).toHaveText('Window 1');
  expect(calls).toHaveLength(1);
  await expect(page.getByRole('alert').filter({ hasText: 'ERROR' })).toHaveCount(0);

  // Served and done: the ticket page follows.
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(kiosk.getByTestId('ticket-status')).toHaveText('Being served');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(kiosk.getByTestId('ticket-status')).toHaveText('Done');
  await expect(page.getByRole('button', { name: 'Call next' })).toBeVisible();

  // The tickets list has it.
  await page.goto('/ticketing/tickets');
  await expect(page.getByRole('table', { name: 'Tickets' }).getByText('D-001')).toBeVisible();
  await visitor.close();

  // A customer of the workspace takes a ticket signed in, on My tickets, and follows it live.
  const customer = {
    email: uniqueEmail('queue-customer'),
    first_name: 'Amina',
    last_name: 'Odhiambo',
    role: 'customer',
    password: PASSWORD,
  };
  await apiInviteAndAccept(session, customer);
  const customerContext = await browser.newContext();
  const mine = await customerContext.newPage();
  await signIn(mine, customer.email, customer.password);
  await expect(mine).toHaveURL(/\/dashboard_ticketing$/);
  await mine.goto('/ticketing/my-tickets');
  await mine.getByRole('radio', { name: 'Deposits' }).check();
  await mine.getByRole('button', { name: 'Take a ticket' }).click();
  await expect(mine.getByTestId('my-ticket-number')).toHaveText('D-002');
  await expect(mine.getByRole('table', { name: 'My tickets' }).getByText('D-002')).toBeVisible();
  await mine.getByRole('link', { name: 'Follow this ticket live' }).click();
  await expect(mine).toHaveURL(new RegExp(`/q/${slug}/t/[0-9a-f-]{36}$`));
  await expect(mine.getByTestId('ticket-status')).toHaveText('Waiting');
  await customerContext.close();
});
