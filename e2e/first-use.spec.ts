import { expect, type Page, test } from '@playwright/test';
import { APP_URL } from '../playwright.config.ts';
import { type ApiSession, apiCreateWorkspace, apiInviteAndAccept, apiSignIn } from './support/api.ts';
import { createVerifiedUser, shot, signIn, toast, uniqueEmail } from './support/helpers.ts';

// Issue 11 section 5: what a new user trips over.

const post = (session: ApiSession, path: string, body: unknown) =>
  fetch(`${APP_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify(body),
  });

/** An owner signed in (in the browser) to a workspace with a worker, a pending invitation and a project. */
async function ownerWithTeam(page: Page, prefix: string) {
  const owner = await createVerifiedUser(APP_URL, prefix);
  const session = await apiCreateWorkspace(
    await apiSignIn(APP_URL, owner.email, owner.password),
    `${prefix} crew`,
  );
  const workerEmail = uniqueEmail(`${prefix}-worker`);
  await apiInviteAndAccept(session, {
    email: workerEmail,
    first_name: 'Wendy',
    last_name: 'Worker',
    role: 'worker',
    password: 'worker-pass-1',
  });
  const invitedEmail = uniqueEmail(`${prefix}-invited`);
  const invited = await post(session, '/api/team/invitations', {
    email: invitedEmail,
    first_name: 'Ivy',
    last_name: 'Invited',
    role: 'member',
  });
  expect(invited.status).toBe(201);
  const project = await post(session, '/api/projects', {
    name: 'Launch',
    description: 'Everything it takes.',
    due_date: '2099-01-15',
    status: 'in_progress',
  });
  expect(project.status).toBe(201);
  await signIn(page, owner.email, owner.password);
  // Signing in reopens the workspace used last (the API session above worked in it).
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('current-workspace-name')).toHaveText(`${prefix} crew`);
  return { workerEmail, invitedEmail, workspaceName: `${prefix} crew` };
}

test('an anonymous visit to /, /pricing and /auth/login logs no console error', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const path of ['/', '/pricing', '/auth/login']) {
    const restored = page.waitForResponse((response) => response.url().endsWith('/api/auth/session'));
    await page.goto(path);
    expect((await restored).status()).toBe(200);
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);
});

test('revoking an invitation asks first; Cancel keeps it, confirming revokes it', async ({ page }) => {
  const { invitedEmail } = await ownerWithTeam(page, 'revoke');
  await page.goto('/team');
  const row = page.getByRole('row').filter({ hasText: invitedEmail });
  await row.getByRole('button', { name: 'Revoke' }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke the invitation to ${invitedEmail}?` });
  await expect(dialog).toContainText('stops working at once');
  await shot(page, '80-confirm-revoke');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Revoke' }).click();
  await dialog.getByRole('button', { name: 'Revoke invitation' }).click();
  await expect(toast(page, 'SUCCESS', 'Invitation revoked.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: invitedEmail })).toHaveCount(0);
});

test('switching a member off asks first, naming them and the workspace', async ({ page }) => {
  const { workerEmail, workspaceName } = await ownerWithTeam(page, 'member-off');
  await page.goto('/team');
  const row = page.getByRole('row').filter({ hasText: workerEmail });
  await row.getByRole('switch', { name: 'Active: Wendy Worker' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate Wendy Worker?' });
  await expect(dialog).toContainText(`Wendy Worker loses access to ${workspaceName}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('switch')).toBeChecked();

  await row.getByRole('switch').click();
  await dialog.getByRole('button', { name: 'Deactivate member' }).click();
  await expect(toast(page, 'SUCCESS', 'Cool !!!')).toBeVisible();
  await expect(row).toContainText('Inactive');
});

test('deactivating a project asks first, then archives it', async ({ page }) => {
  await ownerWithTeam(page, 'project-off');
  await page.goto('/project/list');
  const row = page.getByRole('row').filter({ hasText: 'Launch' });
  await row.getByRole('button', { name: 'Deactivate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate Launch?' });
  await expect(dialog).toContainText('moves to Archived projects');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Deactivate' }).click();
  await dialog.getByRole('button', { name: 'Deactivate project' }).click();
  await expect(toast(page, 'SUCCESS', 'Project Archived!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Launch' })).toHaveCount(0);
});

test('deactivating the current workspace says it sends you home, and asks first', async ({ page }) => {
  const { workspaceName } = await ownerWithTeam(page, 'ws-off');
  await page.goto('/workspace/list');
  const row = page.getByRole('row').filter({ hasText: workspaceName });
  await row.getByRole('button', { name: 'Deactivate' }).click();
  const dialog = page.getByRole('dialog', { name: `Deactivate ${workspaceName}?` });
  await expect(dialog).toContainText('You are working in it now');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Deactivate' }).click();
  await dialog.getByRole('button', { name: 'Deactivate workspace' }).click();
  await expect(toast(page, 'SUCCESS', 'Workspace Archived!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: workspaceName })).toHaveCount(0);
});

test('signing in reopens the workspace used last', async ({ browser }) => {
  const owner = await createVerifiedUser(APP_URL, 'reopen');
  const home = await apiSignIn(APP_URL, owner.email, owner.password);
  await apiCreateWorkspace(home, 'First floor');
  await apiCreateWorkspace(await apiSignIn(APP_URL, owner.email, owner.password), 'Second floor', 'crm');

  const page = await (await browser.newContext()).newPage();
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard_crm$/);
  await expect(page.getByTestId('current-workspace-name')).toHaveText('Second floor');

  // Switch to the other workspace, then sign in again from another browser.
  await page.goto('/workspace');
  await page.getByRole('button', { name: /First floor/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const again = await (await browser.newContext()).newPage();
  await signIn(again, owner.email, owner.password);
  await expect(again).toHaveURL(/\/dashboard$/);
  await expect(again.getByTestId('current-workspace-name')).toHaveText('First floor');
});

test('the team tables fit a 1366 px screen, and hint that they scroll on a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const { invitedEmail } = await ownerWithTeam(page, 'tables');
  await page.goto('/team');
  const invitations = page.getByRole('region', { name: 'Pending invitations' });
  await expect(invitations.getByRole('row').filter({ hasText: invitedEmail })).toBeVisible();
  // Nothing of the page runs past the right edge of the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const revoke = invitations.getByRole('button', { name: 'Revoke' });
  await revoke.scrollIntoViewIfNeeded();
  const box = await revoke.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1366);
  await shot(page, '81-team-1366');

  await page.setViewportSize({ width: 390, height: 844 });
  // The table's own scroll region, named apart from the card around it.
  const members = page.getByRole('region', { name: 'Team members, scrollable' });
  await expect(members).toHaveAttribute('tabindex', '0');
  const hintId = await members.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${hintId}"]`)).toHaveText('Scroll sideways to see every column.');
  await expect(page.locator(`[id="${hintId}"]`)).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await shot(page, '82-team-390');
  await context.close();
});
