import { expect, test } from '@playwright/test';
import { APP_URL, OIDC_LABEL } from '../playwright.config.ts';
import {
  codeFrom,
  createVerifiedUser,
  PASSWORD,
  shot,
  signIn,
  toast,
  uniqueEmail,
  waitForMail,
} from './support/helpers.ts';

test('sign-in shows every validation message of the spec', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page).toHaveTitle(/Sign in/);
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/auth/forgot-password',
  );
  await expect(page.getByRole('link', { name: 'Create new account' })).toHaveAttribute(
    'href',
    '/auth/register',
  );
  await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toBeDisabled();
  // The 3100 instance has an OIDC provider configured (e2e/oidc.spec.ts); GitHub is not.
  await expect(page.getByRole('link', { name: `Continue with ${OIDC_LABEL}` })).toBeVisible();
  await expect(page.getByLabel('Remember me')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Sorry the email is required')).toBeVisible();
  await expect(page.getByText('Sorry the password is required')).toBeVisible();
  await page.getByLabel('Email').fill('nope');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('This is not a valid email')).toBeVisible();
  await shot(page, '10-signin-validation');
});

test('a wrong password shows the server message', async ({ page }) => {
  const user = await createVerifiedUser(APP_URL, 'wrongpw');
  await signIn(page, user.email, 'not-the-password');
  await expect(toast(page, 'ERROR', 'Invalid email or password.')).toBeVisible();
  // On the form as well, where it stays once the toast has gone.
  await expect(page.getByTestId('login-refused')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/auth\/login/);
  await shot(page, '11-signin-wrong-password');
});

test('signing in before verifying is refused and leads to the code screen', async ({ page, request }) => {
  const email = uniqueEmail('unverified');
  const registered = await request.post('/api/auth/register', {
    data: {
      first_name: 'Una',
      last_name: 'Verified',
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
      terms_of_service: 1,
      privacy_policy: 1,
    },
  });
  expect(registered.status()).toBe(201);
  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Please verify your email before signing in.').first()).toBeVisible();
  await shot(page, '12-signin-unverified');
  // This browser did not register (the request did): no new code is sent for an attempt it does not
  // hold, and the code already mailed activates the attempt it was sent for.
  await page.getByRole('button', { name: 'Enter my code' }).click();
  await expect(page).toHaveURL(new RegExp(`/auth/verify/${encodeURIComponent(email)}`));
  await expect(page.getByRole('link', { name: 'Create your account again' })).toBeVisible();
  const code = codeFrom((await waitForMail(email)).body);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/subscription_type/);
});

test('forgot password -> new password -> /workspace, and the new password signs in', async ({ page }) => {
  const user = await createVerifiedUser(APP_URL, 'forgot');
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password/);
  // The URL changes while the sign-in page (which has an Email field too) is still on screen,
  // until the lazily loaded page replaces it: fill the field of the page that is there to stay.
  await expect(page.getByRole('heading', { name: 'Forgot password', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await shot(page, '13-forgot-password');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(new RegExp(`/auth/new-password/${encodeURIComponent(user.email)}`));
  await shot(page, '14-new-password');

  const code = codeFrom((await waitForMail(user.email, 2)).body);
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Confirm password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/workspace$/);
  await expect(toast(page, 'SUCCESS', 'Welcome!')).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, user.email, user.password);
  await expect(toast(page, 'ERROR', 'Invalid email or password.')).toBeVisible();
  await signIn(page, user.email, 'brand-new-pass');
  await expect(page).toHaveURL(/\/workspace$/);
});
