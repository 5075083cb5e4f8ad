import { expect, test } from '@playwright/test';
import { ADMIN, APP_URL } from '../playwright.config.ts';
import { createVerifiedUser, shot, signIn, toast } from './support/helpers.ts';

test('an admin edits a plan and the change shows on /pricing', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/workspace$/);
  await page.goto('/subscription_type');
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
  await page.getByRole('row').filter({ hasText: 'Starter' }).getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit plan' })).toBeVisible();
  // The limits the Starter text promises (one workspace, five members), editable here.
  await expect(page.getByLabel('Max workspaces')).toHaveValue('1');
  await expect(page.getByLabel('Max members')).toHaveValue('5');

  await page.getByLabel('Description').fill('short');
  await page.getByLabel('Description').blur();
  await expect(page.getByText('That is it ? ...write some more')).toBeVisible();
  const description = `Small teams, big plans: ${Date.now()}.`;
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Price').fill('23');
  await shot(page, '70-plan-edit');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'SUCCESS', 'Update done !!!')).toBeVisible();
  await expect(page).toHaveURL(/\/subscription_type$/);

  const pricing = await page.context().newPage();
  await pricing.goto('/pricing');
  const starter = pricing.getByRole('article', { name: 'Starter' });
  await expect(starter).toContainText(description);
  await expect(starter).toContainText('$23');
  await shot(pricing, '71-pricing-after-edit');
});

test('an account holder updates their profile and the user menu shows the new name', async ({ page }) => {
  const user = await createVerifiedUser(APP_URL, 'profile');
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/workspace$/);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Ada profile' }).click();
  await expect(page).toHaveURL(/\/general$/);
  await page.getByLabel('First name').fill('Augusta');
  await page.getByLabel('City').fill('London');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'SUCCESS', 'Profile updated')).toBeVisible();
  await shot(page, '72-profile');
  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('London');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Augusta profile' })).toBeVisible();
});

test('signing out another session from /user/security ends it on that device', async ({ browser }) => {
  const user = await createVerifiedUser(APP_URL, 'security');
  const laptop = await (await browser.newContext()).newPage();
  await signIn(laptop, user.email, user.password);
  await expect(laptop).toHaveURL(/\/workspace$/);
  const phone = await (await browser.newContext()).newPage();
  await signIn(phone, user.email, user.password);
  await expect(phone).toHaveURL(/\/workspace$/);

  await laptop.goto('/user/security');
  // The phone, and the session that verifying the e-mail opened when the user was made.
  const others = laptop.getByRole('button', { name: 'Sign out', exact: true });
  await expect(others).toHaveCount(2);
  await expect(laptop.getByText('This device')).toHaveCount(1);
  await shot(laptop, '73-security');
  await laptop.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await laptop
    .getByRole('dialog', { name: 'Sign out all other sessions?' })
    .getByRole('button', { name: 'Sign out all others' })
    .click();
  await expect(toast(laptop, 'SUCCESS', 'Every other session is signed out.')).toBeVisible();
  await expect(others).toHaveCount(0);

  // The phone's refresh token is revoked server-side: reloading cannot restore its session.
  await phone.reload();
  await expect(phone).toHaveURL(/\/auth\/(user\/)?login/);
});
