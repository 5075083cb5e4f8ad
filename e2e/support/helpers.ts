import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { SMTP_SINK_URL } from '../../playwright.config.ts';

type SinkMessage = { to: string[]; subject: string; body: string; received_at: string };

let counter = 0;
/** An address no other test or run uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@e2e.test`;
}

/** Waits until the SMTP sink has received `count` mails for `to`, and returns the newest one. */
export async function waitForMail(to: string, count = 1): Promise<SinkMessage> {
  let messages: SinkMessage[] = [];
  await expect
    .poll(
      async () => {
        const response = await fetch(`${SMTP_SINK_URL}/messages?to=${encodeURIComponent(to)}`);
        messages = (await response.json()) as SinkMessage[];
        return messages.length;
      },
      { timeout: 15_000, message: `a mail to ${to}` },
    )
    .toBeGreaterThanOrEqual(count);
  const newest = messages.at(-1);
  if (!newest) throw new Error(`no mail to ${to}`);
  return newest;
}

/** The 6-character code of a verification or reset mail. */
export function codeFrom(body: string): string {
  const match = body.match(/Your code:\s*([A-Z0-9]{6})\b/);
  if (!match?.[1]) throw new Error(`no code in mail:\n${body}`);
  return match[1];
}

const screenshotDir = 'e2e/screenshots';
/** Saves a full-page screenshot as an artefact of the run (not committed). */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
}

export const PASSWORD = 'secret-pass-1';

/** Signs up through the API and verifies with the code received over SMTP: a ready account holder. */
export async function createVerifiedUser(
  baseURL: string,
  prefix: string,
  { choosePlan = true }: { choosePlan?: boolean } = {},
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(prefix);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${baseURL}${path}`, {
      method: path.includes('subscription') ? 'PUT' : 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const registered = await post('/api/auth/register', {
    first_name: 'Ada',
    last_name: prefix,
    email,
    password: PASSWORD,
    confirm_password: PASSWORD,
    terms_of_service: 1,
    privacy_policy: 1,
  });
  expect(registered.status).toBe(201);
  const code = codeFrom((await waitForMail(email)).body);
  const verified = await post('/api/auth/verify-email', { email, code });
  expect(verified.status).toBe(200);
  if (choosePlan) {
    const { data } = (await verified.json()) as { data: { access_token: string } };
    const picked = await post(
      '/api/account/subscription',
      { subscription_id: 1 },
      { authorization: `Bearer ${data.access_token}` },
    );
    expect(picked.status).toBe(200);
  }
  return { email, password: PASSWORD };
}

/** Fills the sign-in form and submits it. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A toast: role=alert with its title (SUCCESS or ERROR) and the message. */
export function toast(page: Page, title: 'SUCCESS' | 'ERROR', message: string): Locator {
  return page.getByRole('alert').filter({ hasText: title }).filter({ hasText: message }).first();
}

/** Fills and sends the registration form (the page must be on /auth/register). */
export async function fillRegistration(
  page: Page,
  {
    first,
    last,
    email,
    password = PASSWORD,
  }: { first: string; last: string; email: string; password?: string },
): Promise<void> {
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
}
