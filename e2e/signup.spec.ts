import { expect, test } from '@playwright/test';
import {
  codeFrom,
  fillRegistration,
  PASSWORD,
  shot,
  signIn,
  toast,
  uniqueEmail,
  waitForMail,
} from './support/helpers.ts';

test('a new user registers, verifies with the code received by SMTP, picks a plan and lands on /workspace', async ({
  page,
}) => {
  const email = uniqueEmail('signup');

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Create your workspace' })).toBeVisible();
  await shot(page, '01-landing');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Start free trial' })
    .click();
  await expect(page).toHaveURL(/\/auth\/register/);

  await fillRegistration(page, { first: 'Grace', last: 'Hopper', email });
  await shot(page, '02-register');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(new RegExp(`/auth/verify/${encodeURIComponent(email)}`));
  await expect(page.getByText('Check your email and validate your account.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();
  await shot(page, '03-verify');

  const code = codeFrom((await waitForMail(email)).body);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/subscription_type/);
  await expect(toast(page, 'SUCCESS', 'Welcome!')).toBeVisible();
  await shot(page, '04-subscription-type');
  await page.getByRole('button', { name: 'Choose Free Trial' }).click();

  await expect(page).toHaveURL(/\/workspace$/);
  await expect(page.getByRole('link', { name: '+ Add New Workspace' })).toBeVisible();
  await shot(page, '05-workspace-picker');

  // Signing out and in again keeps the account.
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Grace Hopper' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/workspace$/);
  await expect(toast(page, 'SUCCESS', 'Welcome !!')).toBeVisible();
});

test('the verify screen refuses a wrong code with the server message', async ({ page }) => {
  const email = uniqueEmail('wrongcode');
  await page.goto('/auth/register');
  await fillRegistration(page, { first: 'Alan', last: 'Turing', email });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/verify\//);
  const code = codeFrom((await waitForMail(email)).body);
  const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
  await page.getByLabel('Code').fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('This code is not correct.').first()).toBeVisible();
  await shot(page, '07-verify-wrong-code');
  await expect(page).toHaveURL(/\/auth\/verify\//);
});

test('register shows every validation message of the spec', async ({ page }) => {
  await page.goto('/auth/register');
  await page.getByLabel('I accept the terms of service').uncheck();
  // Once touched, the box shows its message (moving the second box down) before the next click.
  await page.getByLabel('I accept the terms of service').blur();
  await expect(page.getByText('Kindly Acknowledge')).toHaveCount(1);
  await page.getByLabel('I accept the privacy policy').uncheck();
  await page.getByLabel('I accept the privacy policy').blur();
  await expect(page.getByText('Kindly Acknowledge')).toHaveCount(2);
  await page.getByRole('button', { name: 'Create account' }).click();
  for (const message of [
    'Sorry the first name is required',
    'Sorry the email is required',
    'Password is required',
    'Confirm password is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm password').fill('abd');
  await page.getByLabel('Confirm password').blur();
  await expect(page.getByText('This is not a valid email')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await shot(page, '06-register-validation');
});
