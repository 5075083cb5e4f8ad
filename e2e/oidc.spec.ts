import { expect, type Page, test } from '@playwright/test';
import { APP_URL, NO_SMTP_APP_URL, OIDC_LABEL, OIDC_URL } from '../playwright.config.ts';
import { createVerifiedUser, shot, uniqueEmail } from './support/helpers.ts';

// Sign-in through a real OpenID Connect provider (e2e/support/oidc-provider.mjs on 3690) that the
// 3100 instance is configured with: the button, the provider's own login page, the way back.

/** On /auth/login: the OIDC button, then the provider's login page as `email`. */
async function signInAtProvider(page: Page, email: string, screenshot?: string): Promise<void> {
  await page.goto('/auth/login');
  const button = page.getByRole('link', { name: `Continue with ${OIDC_LABEL}` });
  await expect(button).toHaveAttribute('href', '/api/auth/oauth/oidc/start');
  await button.click();
  await expect(page).toHaveURL(new RegExp(`^${OIDC_URL}/interaction/`));
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  if (screenshot) await shot(page, screenshot);
  await page.getByRole('button', { name: 'Sign in at provider' }).click();
}

test('a new person signs in with the OIDC provider, becomes a verified holder and picks a plan', async ({
  page,
}) => {
  const email = uniqueEmail('oidc-new');
  await signInAtProvider(page, email, '60-oidc-provider-login');

  // Back in WorkHub, signed in: a new holder chooses a plan first, as after sign-up.
  await expect(page).toHaveURL(`${APP_URL}/subscription_type`);
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  await shot(page, '61-oidc-new-user-plan');
  await page.getByRole('button', { name: 'Choose Free Trial' }).click();
  await expect(page).toHaveURL(/\/workspace$/);
  await expect(page.getByRole('link', { name: '+ Add New Workspace' })).toBeVisible();

  // The provider's names; the session survives a reload (the refresh cookie of a normal sign-in).
  await page.reload();
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sso Person' })).toBeVisible();
  await shot(page, '62-oidc-new-user-workspace');
});

test('an existing verified user signs in with the provider and lands on their workspaces', async ({
  page,
}) => {
  const user = await createVerifiedUser(APP_URL, 'oidclink');
  await signInAtProvider(page, user.email.toUpperCase());
  await expect(page).toHaveURL(/\/workspace$/);
  await expect(page.getByRole('link', { name: '+ Add New Workspace' })).toBeVisible();
  // Linked, not a new user: the names are the ones registered with, and the password still works.
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Ada oidclink' })).toBeVisible();
  await shot(page, '63-oidc-linked-user');
});

test('a failed provider sign-in comes back to the sign-in screen with the message', async ({ page }) => {
  await page.goto('/auth/login?sso_error=email_unverified');
  await expect(
    page.getByTestId('sso-error').filter({
      hasText: 'That provider did not confirm your e-mail address, so we cannot sign you in with it.',
    }),
  ).toBeVisible();
  await shot(page, '64-oidc-error');
});

test('where no provider is configured, both buttons stay off with their hint', async ({ page }) => {
  await page.goto(`${NO_SMTP_APP_URL}/auth/login`);
  for (const name of ['Continue with GitHub', 'Continue with Google']) {
    const button = page.getByRole('button', { name });
    await expect(button).toBeDisabled();
    await button.hover();
    await expect(page.getByRole('tooltip', { name: 'Not configured yet' }).first()).toBeVisible();
  }
  const start = await page.request.get(`${NO_SMTP_APP_URL}/api/auth/oauth/oidc/start`, { maxRedirects: 0 });
  expect(start.status()).toBe(404);
});
