import { expect, type Page, test } from '@playwright/test';
import { APP_URL } from '../playwright.config.ts';
import { apiCreateWorkspace, apiInviteAndAccept, apiSignIn } from './support/api.ts';
import { createVerifiedUser, shot, signIn, toast, uniqueEmail, waitForMail } from './support/helpers.ts';

/** The shop's day `days` from today, in its time zone (the module's default, Africa/Nairobi). */
const shopDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Nairobi',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Confirms a status step of the open appointment (the step's button, then the dialog that asks). */
async function step(page: Page, label: 'Check in' | 'Done', customer: string) {
  await page.getByRole('button', { name: `${label} ${customer}` }).click();
  await page
    .getByRole('dialog', { name: `${label}: ${customer}?` })
    .getByRole('button', { name: label, exact: true })
    .click();
  await expect(toast(page, 'SUCCESS', 'Appointment updated')).toBeVisible();
}

test('an owner sets up a salon, a customer books on the public page, the desk checks the appointment in and marks it done', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await createVerifiedUser(APP_URL, 'salon');
  const session = await apiCreateWorkspace(
    await apiSignIn(APP_URL, owner.email, owner.password),
    'Kinyozi Spa',
    'barber',
  );
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard_barber$/);
  await expect(page.getByRole('button', { name: 'Load sample data' })).toBeVisible();
  // The dashboard gives the booking page's address to share.
  const bookingLink = page.getByRole('link', { name: /\/book\// });
  await expect(bookingLink).toBeVisible();
  const bookingUrl = (await bookingLink.getAttribute('href')) ?? '';
  const slug = bookingUrl.split('/book/')[1] ?? '';
  expect(slug).not.toBe('');

  // The salon's currency, on its workspace's form: its prices are shown in it.
  await page.goto(`/workspace/${session.workspaceId}/edit`);
  await page.getByLabel('Currency', { exact: true }).selectOption('KES');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'SUCCESS', 'Update done !!!')).toBeVisible();

  // A service.
  await page.goto('/barber/services');
  await expect(page.getByText('No services yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add service' }).click();
  const serviceDialog = page.getByRole('dialog', { name: 'Add service' });
  await serviceDialog.getByLabel(/^Name/).fill('Fade cut');
  await serviceDialog.getByLabel(/^Duration/).fill('45');
  await serviceDialog.getByLabel(/^Price/).fill('900');
  await serviceDialog.getByLabel('Category').fill('Hair');
  await serviceDialog.getByRole('button', { name: 'Save service' }).click();
  await expect(toast(page, 'SUCCESS', 'Service added')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Services' }).getByText('Fade cut')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /^Price \(KES\)/ })).toBeVisible();

  // A staff member who does it, every day, around the clock.
  await page.goto('/barber/staff');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const staffDialog = page.getByRole('dialog', { name: 'Add staff member' });
  await staffDialog.getByLabel(/^Name/).fill('Otieno');
  await staffDialog.getByRole('checkbox', { name: 'Fade cut' }).check();
  for (const day of DAYS) {
    await staffDialog.getByRole('checkbox', { name: day, exact: true }).check();
    await staffDialog.getByLabel(`${day} from`, { exact: true }).fill('00:00');
    await staffDialog.getByLabel(`${day} to`, { exact: true }).fill('23:45');
  }
  await staffDialog.getByRole('button', { name: 'Save staff member' }).click();
  await expect(toast(page, 'SUCCESS', 'Staff member added')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Staff' }).getByText('Otieno')).toBeVisible();

  // A customer books tomorrow's first slot on the public page, signed in nowhere.
  const tomorrow = shopDay(1);
  const customerEmail = uniqueEmail('customer');
  const visitor = await browser.newPage();
  await visitor.goto(`${APP_URL}/book/${slug}`);
  await expect(visitor.getByRole('heading', { name: 'Kinyozi Spa' })).toBeVisible();
  await expect(visitor.getByRole('checkbox', { name: 'Fade cut · 45 min · KES 900' })).toBeVisible();
  await visitor.getByRole('checkbox', { name: /Fade cut/ }).check();
  await expect(visitor.getByRole('radio', { name: 'Otieno' })).toBeVisible();
  await visitor.getByLabel('Day').fill(tomorrow);
  // The free times are one radio group (native radios drawn as chips: the label is what shows).
  const slots = visitor.getByRole('radiogroup', { name: 'Free times' });
  await expect(slots.getByText('00:00', { exact: true })).toBeVisible();
  await slots.getByText('00:00', { exact: true }).click();
  await expect(slots.getByRole('radio', { name: '00:00' })).toBeChecked();
  await visitor.getByLabel(/^Name/).fill('Wanjiru Kamau');
  await visitor.getByLabel(/^Phone/).fill('+254 700 123456');
  await visitor.getByLabel(/^E-mail/).fill(customerEmail);
  await visitor.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(visitor.getByRole('heading', { name: 'You are booked' })).toBeVisible();
  await shot(visitor, 'barber-booked');

  // The confirmation mail's link shows the booking.
  const mail = await waitForMail(customerEmail);
  const link = /Cancel or reschedule: (\S+)/.exec(mail.body)?.[1];
  expect(link).toContain(`/book/${slug}/manage/`);
  await visitor.goto(link ?? '');
  await expect(visitor.getByRole('heading', { name: 'Your booking at Kinyozi Spa' })).toBeVisible();
  await expect(visitor.getByText('Fade cut with Otieno')).toBeVisible();
  await visitor.close();

  // The desk sees it on the staff member's calendar, checks it in and marks it done.
  await page.goto(`/barber/calendar?date=${tomorrow}`);
  const block = page.getByRole('button', { name: /00:00 Wanjiru Kamau\b.*\(Booked\)/ });
  await expect(block).toBeVisible();
  await shot(page, 'barber-calendar');

  // Dragged an hour down (14 px a quarter): moved, with the server's checks.
  const column = page.getByTestId('column-Otieno');
  await block.dragTo(column, { sourcePosition: { x: 40, y: 10 }, targetPosition: { x: 40, y: 56 + 10 } });
  await expect(toast(page, 'SUCCESS', 'Moved to 01:00')).toBeVisible();
  const moved = page.getByRole('button', { name: /01:00 Wanjiru Kamau\b.*\(Booked\)/ });
  await expect(moved).toBeVisible();
  // Onto another booking of the same staff member: the server's 409 is shown, nothing moves.
  const other = await fetch(`${APP_URL}/api/barber/appointments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      start_at: `${tomorrow}T03:00:00+03:00`,
      service_ids: [
        (
          (await (
            await fetch(`${APP_URL}/api/barber/services`, {
              headers: { authorization: `Bearer ${session.token}` },
            })
          ).json()) as { data: { id: string }[] }
        ).data[0]?.id,
      ],
      customer: { name: 'Baraka' },
    }),
  });
  expect(other.status).toBe(201);
  await page.reload();
  await expect(page.getByRole('button', { name: /03:00 Baraka/ })).toBeVisible();
  await moved.dragTo(column, { sourcePosition: { x: 40, y: 10 }, targetPosition: { x: 40, y: 56 * 3 + 10 } });
  await expect(toast(page, 'ERROR', 'just booked')).toBeVisible();
  await expect(moved).toBeVisible();

  await moved.click();
  await step(page, 'Check in', 'Wanjiru Kamau');
  await expect(
    page.getByRole('dialog', { name: 'Wanjiru Kamau', exact: true }).getByText('Checked in'),
  ).toBeVisible();
  await step(page, 'Done', 'Wanjiru Kamau');
  const details = page.getByRole('dialog', { name: 'Wanjiru Kamau', exact: true });
  await expect(details.getByRole('button', { name: /Wanjiru Kamau$/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /01:00 Wanjiru Kamau\b.*\(Done\)/ })).toBeVisible();

  // The appointment list and the customer's visit.
  await page.goto('/barber/appointments?q=wanjiru');
  await expect(page.getByRole('table', { name: 'Appointments' }).getByText('Wanjiru Kamau')).toBeVisible();
  await page.goto('/barber/customers');
  await expect(page.getByRole('table', { name: 'Customers' }).getByText(customerEmail)).toBeVisible();
});

test("a worker of the salon sees its booking page's address on the dashboard, with no request refused", async ({
  browser,
}) => {
  const owner = await createVerifiedUser(APP_URL, 'salon-owner-2');
  const shop = await apiCreateWorkspace(
    await apiSignIn(APP_URL, owner.email, owner.password),
    'Kinyozi Two',
    'barber',
  );
  const worker = { email: uniqueEmail('salon-worker'), password: 'worker-pass-1' };
  await apiInviteAndAccept(shop, { ...worker, first_name: 'Wanjiru', last_name: 'Kamau', role: 'worker' });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // GET /api/workspaces/:id is its owner's and admins' (a worker's dashboard asked it for the slug: 403).
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400)
      refused.push(`${response.status()} ${response.url()}`);
  });
  await signIn(page, worker.email, worker.password);
  await page.waitForURL('**/dashboard_barber');
  const link = page.getByRole('link', { name: /\/book\/kinyozi-two-[0-9a-f]{6}$/ });
  await expect(link).toBeVisible();
  await shot(page, 'barber-worker-dashboard-phone');
  expect(refused).toEqual([]);
  await context.close();
});
