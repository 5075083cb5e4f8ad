import { expect, test } from '@playwright/test';
import { APP_URL } from '../playwright.config.ts';
import { apiCreateWorkspace, apiSignIn } from './support/api.ts';
import { createVerifiedUser, shot, signIn, toast, uniqueEmail, waitForMail } from './support/helpers.ts';

/** The invitation link of the newest mail to `to`. */
async function invitationLink(to: string): Promise<string> {
  const mail = await waitForMail(to);
  const match = mail.body.match(/https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]+/);
  if (!match) throw new Error(`no invitation link in:\n${mail.body}`);
  return match[0];
}

test('the owner invites a worker by e-mail; the worker accepts, sees only what a worker may; the owner removes them', async ({
  browser,
}) => {
  const owner = await createVerifiedUser(APP_URL, 'teamowner');
  const ownerPage = await (await browser.newContext()).newPage();
  await signIn(ownerPage, owner.email, owner.password);
  await expect(ownerPage).toHaveURL(/\/workspace$/);

  // A workspace to invite into.
  await ownerPage.getByRole('link', { name: '+ Add New Workspace' }).click();
  await ownerPage.getByLabel('Name', { exact: true }).fill('Crew');
  await ownerPage.getByLabel('Template').selectOption({ label: 'Workspace' });
  await ownerPage.getByLabel('Description').fill('Where the crew plans its work.');
  await ownerPage.getByRole('button', { name: 'Create workspace' }).click();
  await expect(ownerPage).toHaveURL(/\/workspace\/list$/);
  await ownerPage.goto('/workspace');
  await ownerPage.getByRole('button', { name: /Crew/ }).click();
  await expect(ownerPage).toHaveURL(/\/dashboard$/);

  // Invite a worker.
  const workerEmail = uniqueEmail('worker');
  await ownerPage.goto('/team');
  await ownerPage.getByLabel('First name').fill('Wendy');
  await ownerPage.getByLabel('Last name').fill('Worker');
  await ownerPage.getByLabel('Email').fill(workerEmail);
  await ownerPage.getByLabel('Role').selectOption('worker');
  await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    toast(ownerPage, 'SUCCESS', 'Invitation sent waiting for user to validate their account.'),
  ).toBeVisible();
  await shot(ownerPage, '50-team-invited');

  // The worker follows the link from the mail, sets a name and password, and lands in the workspace.
  const link = await invitationLink(workerEmail);
  const workerPage = await (await browser.newContext()).newPage();
  await workerPage.goto(link);
  await expect(workerPage.getByRole('heading', { name: 'Join Crew' })).toBeVisible();
  await shot(workerPage, '51-invitation');
  await workerPage.getByLabel('First name').fill('Wendy');
  await workerPage.getByLabel('Password', { exact: true }).fill('worker-pass-1');
  await workerPage.getByLabel('Confirm password').fill('worker-pass-1');
  await workerPage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(workerPage).toHaveURL(/\/dashboard$/);

  // A worker sees no team management, no tags, no invite form.
  const sidebar = workerPage.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar.getByRole('link', { name: 'Tags' })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await workerPage.goto('/team');
  await expect(workerPage.getByText('You cannot open this page')).toBeVisible();
  await expect(workerPage.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await shot(workerPage, '52-worker-view');

  // The owner sees the worker in the team and removes them.
  await ownerPage.goto('/team');
  const row = ownerPage.getByRole('row').filter({ hasText: workerEmail });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Worker');
  await shot(ownerPage, '53-team-list');
  await row.getByRole('button', { name: 'Remove' }).click();
  await ownerPage.getByRole('dialog').getByRole('button', { name: 'Remove from workspace' }).click();
  await expect(toast(ownerPage, 'SUCCESS', 'Removed from this workspace.')).toBeVisible();
  await expect(ownerPage.getByRole('row').filter({ hasText: workerEmail })).toHaveCount(0);

  // The worker no longer has the workspace.
  await workerPage.goto('/workspace');
  await expect(workerPage.getByRole('button', { name: /Crew/ })).toHaveCount(0);
});

test('someone who signed up and picked no plan yet accepts an invitation and works in that workspace', async ({
  page,
}) => {
  // Signed up on the sign-up page (an account of their own, its plan not picked yet), then invited.
  const invitee = await createVerifiedUser(APP_URL, 'signedup', { choosePlan: false });
  const owner = await createVerifiedUser(APP_URL, 'inviter');
  const session = await apiCreateWorkspace(await apiSignIn(APP_URL, owner.email, owner.password), 'Studio');
  const invited = await fetch(`${APP_URL}/api/team/invitations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ email: invitee.email, first_name: 'Walt', last_name: 'Signedup', role: 'worker' }),
  });
  expect(invited.status).toBe(201);
  const mail = await waitForMail(invitee.email, 2);
  const link = mail.body.match(/https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no invitation link in:\n${mail.body}`);

  await signIn(page, invitee.email, invitee.password);
  await expect(page).toHaveURL(/\/subscription_type$/);
  await page.goto(link);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  // In Studio as its worker: the plan of their own account is not asked for there (it was, and
  // picking it was refused: the session acts for Studio's account).
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/subscription_type');
  await expect(page).toHaveURL(/\/workspace$/);
});
