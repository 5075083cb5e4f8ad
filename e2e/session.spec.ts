import { expect, test } from '@playwright/test';
import { APP_URL } from '../playwright.config.ts';
import { createVerifiedUser, shot, signIn } from './support/helpers.ts';

test('guards: a signed-out user is sent to sign in; an unknown path, once signed in, says it names no page', async ({
  page,
}) => {
  await page.goto('/workspace');
  await expect(page).toHaveURL(/\/auth\/user\/login/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/auth\/user\/login/);
  const user = await createVerifiedUser(APP_URL, 'unknown');
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/workspace$/);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Your workspaces' }).click();
  await expect(page).toHaveURL(/\/workspace$/);
});

test('guards: a signed-in user opening sign-in goes to /workspace, and the session survives a reload', async ({
  page,
}) => {
  const user = await createVerifiedUser(APP_URL, 'guard');
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/workspace$/);
  await page.reload();
  await expect(page).toHaveURL(/\/workspace$/);
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/workspace$/);
  await expect(page.getByRole('link', { name: '+ Add New Workspace' })).toBeVisible();
  await shot(page, '20-shell');
});

test('an account holder who has not picked a plan is sent to /subscription_type', async ({ page }) => {
  const user = await createVerifiedUser(APP_URL, 'noplan', { choosePlan: false });
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/subscription_type/);
});

test('logging out in one tab sends every other tab to /signin', async ({ context }) => {
  const user = await createVerifiedUser(APP_URL, 'tabs');
  const first = await context.newPage();
  await signIn(first, user.email, user.password);
  await expect(first).toHaveURL(/\/workspace$/);
  const second = await context.newPage();
  await second.goto('/workspace');
  await expect(second).toHaveURL(/\/workspace$/);
  // Signed in there too before the other tab signs out: a tab still restoring its session when the
  // cookie is revoked was never signed in, and rightly lands on sign-in (a CI run caught it so).
  await expect(second.getByRole('button', { name: 'User menu' })).toBeVisible();

  await first.getByRole('button', { name: 'User menu' }).click();
  await first.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(first).toHaveURL(/\/$/);
  await expect(second).toHaveURL(/\/signin$/);
  await shot(second, '21-signed-out-tab');
  await second.goto('/workspace');
  await expect(second).toHaveURL(/\/auth\/user\/login/);
});
