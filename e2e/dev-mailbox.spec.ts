import { expect, test } from '@playwright/test';
import { NO_SMTP_APP_URL } from '../playwright.config.ts';
import { codeFrom, fillRegistration, shot, uniqueEmail } from './support/helpers.ts';

test.use({ baseURL: NO_SMTP_APP_URL });

test('with no mail server, a new user reads the code on /dev-mailbox and finishes signing up', async ({
  page,
}) => {
  const email = uniqueEmail('mailbox');
  await page.goto('/auth/register');
  await fillRegistration(page, { first: 'Dev', last: 'Mailbox', email });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/verify\//);

  const mailbox = await page.context().newPage();
  await mailbox.goto(`${NO_SMTP_APP_URL}/dev-mailbox`);
  const mail = mailbox.locator('article', { hasText: email }).first();
  await expect(mail).toBeVisible();
  await shot(mailbox, '30-dev-mailbox');
  const code = codeFrom(await mail.innerText());
  await mailbox.close();

  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/subscription_type/);
  await page.getByRole('button', { name: 'Choose Free Trial' }).click();
  await expect(page).toHaveURL(/\/workspace$/);
});

test('the pricing page lists the plans with the spec button rules', async ({ page }) => {
  await page.goto('/pricing');
  const free = page.getByRole('article', { name: 'Free Trial' });
  await expect(free).toBeVisible();
  await shot(page, '31-pricing');
  // The cards of a row line up: each price, and each description, at one height, whether or not
  // the plan has a subheader (Starter has none) or a long period.
  const tops = async (selector: string) =>
    page
      .getByRole('article')
      .evaluateAll(
        (cards, part) => cards.map((card) => card.querySelector(part)?.getBoundingClientRect().top ?? -1),
        selector,
      );
  const priceTops = await tops('[data-plan-part="price"]');
  expect(priceTops.length).toBeGreaterThan(1);
  expect(new Set(priceTops.map(Math.round)).size).toBe(1);
  const buttonTops = await tops('a');
  expect(new Set(buttonTops.map(Math.round)).size).toBe(1);
  await expect(free.getByRole('link', { name: 'Start free trial' })).toHaveAttribute(
    'href',
    '/auth/register',
  );
  const starter = page.getByRole('article', { name: 'Starter' });
  await expect(starter.getByRole('link', { name: 'Choose Starter' })).toHaveAttribute(
    'href',
    /^\/checkout\/\d+$/,
  );
});
