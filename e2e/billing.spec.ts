import { expect, test } from '@playwright/test';
import { APP_URL } from '../playwright.config.ts';
import { createVerifiedUser, shot, signIn, toast } from './support/helpers.ts';

test('an account holder on the trial buys a plan at checkout and sees the invoice on /user/billing', async ({
  page,
}) => {
  const owner = await createVerifiedUser(APP_URL, 'billing');
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/workspace$/);
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Billing', exact: true })).toHaveAttribute(
    'href',
    '/user/billing',
  );
  await page.keyboard.press('Escape');
  const trial = page.getByRole('link', { name: /Trial: 30 days left/i });
  await expect(trial).toBeVisible();
  await trial.click();
  await expect(page).toHaveURL(/\/user\/billing$/);
  await expect(page.getByText('No invoices yet')).toBeVisible();
  await shot(page, '90-billing-trial');

  await page.goto('/pricing');
  const starter = page.getByRole('article', { name: 'Starter' });
  await starter.getByRole('link').click();
  await expect(page).toHaveURL(/\/checkout\/2$/);
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByText('Invoice (pay within 30 days)')).toBeVisible();
  await shot(page, '91-checkout');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'SUCCESS', 'Your plan is changed')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/billing$/);

  const invoices = page.getByRole('region', { name: 'Invoices' });
  const invoice = invoices.getByRole('row').filter({ hasText: /INV-\d{4}-\d{6}/ });
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText('Starter');
  await expect(page.getByRole('link', { name: /Trial:/ })).toHaveCount(0);
  // Usage against the Starter limits (one workspace, five members).
  await expect(page.getByText('1 of 5')).toBeVisible();
  await shot(page, '92-billing-paid');

  // Change plan stays in the app: an in-app chooser leading to the checkout.
  await page.getByRole('button', { name: 'Change plan' }).click();
  await expect(page).toHaveURL(/\/user\/billing\?plans=1$/);
  const chooser = page.getByRole('region', { name: 'Choose a plan' });
  await expect(chooser.getByRole('article', { name: 'Starter' })).toContainText('Current plan');
  await chooser.getByRole('link', { name: 'Choose Professional' }).click();
  await expect(page).toHaveURL(/\/checkout\/3$/);
  await shot(page, '93-billing-change-plan');
});

test('the free trial cannot be bought at checkout', async ({ page }) => {
  const owner = await createVerifiedUser(APP_URL, 'freecheckout');
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/workspace$/);
  await page.goto('/checkout/1');
  await expect(page.getByText('The free trial cannot be bought: choose a paid plan.')).toBeVisible();
});
