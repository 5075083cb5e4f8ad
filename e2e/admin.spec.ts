import { expect, test } from '@playwright/test';
import { ADMIN, APP_URL } from '../playwright.config.ts';
import { createVerifiedUser, shot, signIn, toast } from './support/helpers.ts';

test('the admin dashboard shows real figures and leads to the Subscribers table', async ({ page }) => {
  const holder = await createVerifiedUser(APP_URL, 'admindash');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/workspace$/);
  // Billing belongs to account holders: staff have none.
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Billing', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/dashboard_admin');
  await expect(page.getByRole('heading', { name: 'Admin dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Account holders')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign-ups per week' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active subscriptions per plan' })).toBeVisible();
  // The user just made is the newest subscriber, so the panel lists them.
  await expect(page.getByText(holder.email).first()).toBeVisible();
  // The Subscriptions panel lists the seeded plans with their edit links.
  await expect(page.getByRole('link', { name: /Edit/ }).first()).toHaveAttribute(
    'href',
    /\/subscription\/\d+$/,
  );
  await shot(page, '80-admin-dashboard');

  await page.getByRole('link', { name: 'See all' }).first().click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole('region', { name: 'Subscribers' })).toBeVisible();
});

test('an admin deactivates a subscriber, who then cannot sign in, and restores them', async ({ browser }) => {
  const holder = await createVerifiedUser(APP_URL, 'deactivated');
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin).toHaveURL(/\/workspace$/);
  await admin.goto('/team');
  await admin.getByRole('region', { name: 'Subscribers' }).getByLabel('Search').fill(holder.email);
  const row = admin.getByRole('row').filter({ hasText: holder.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Free Trial');
  await row.getByRole('switch').click({ force: true });
  // It asks first, naming the holder.
  const confirm = admin.getByRole('dialog', { name: 'Make this account inactive?' });
  await expect(confirm).toContainText(holder.email);
  await shot(admin, '81-subscribers-confirm');
  await confirm.getByRole('button', { name: 'Make inactive' }).click();
  await expect(toast(admin, 'SUCCESS', 'Cool !!!')).toBeVisible();
  await expect(row).toContainText('Inactive');
  await shot(admin, '81-subscribers-inactive');

  const user = await (await browser.newContext()).newPage();
  await signIn(user, holder.email, holder.password);
  await expect(toast(user, 'ERROR', 'This account has been deactivated')).toBeVisible();
  await expect(user).toHaveURL(/\/auth\/login/);

  await row.getByRole('switch').click({ force: true });
  await expect(row).toContainText('Active');
  await signIn(user, holder.email, holder.password);
  await expect(user).toHaveURL(/\/workspace$/);
});
