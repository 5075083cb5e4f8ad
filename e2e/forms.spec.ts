import { expect, type Page, test } from '@playwright/test';
import { messages } from '@workhub/shared/messages';
import { APP_URL } from '../playwright.config.ts';
import { apiCreateWorkspace, apiSignIn } from './support/api.ts';
import { createVerifiedUser, shot, signIn, toast } from './support/helpers.ts';

async function openWorkspace(page: Page, email: string, password: string, name: string) {
  await signIn(page, email, password);
  // Signing in reopens the workspace used last: the one the API set up (or the invitation opened).
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('current-workspace-name')).toHaveText(name);
}

test('the task form shows every invalid field at once on submit', async ({ page }) => {
  const owner = await createVerifiedUser(APP_URL, 'task-errors');
  const session = await apiCreateWorkspace(await apiSignIn(APP_URL, owner.email, owner.password), 'Errors');
  const created = await fetch(`${APP_URL}/api/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({
      name: 'Launch',
      description: 'Everything it takes.',
      due_date: '2099-01-15',
      status: 'in_progress',
    }),
  });
  expect(created.status).toBe(201);
  const projectId = ((await created.json()) as { data: { project_id: string } }).data.project_id;

  await openWorkspace(page, owner.email, owner.password, 'Errors');
  await page.goto(`/task/create?project=${projectId}`);
  await expect(page.getByLabel('Select a worker')).toBeVisible();
  // A blank name and a description only: every other required field is still empty.
  await page.getByLabel('Name', { exact: true }).fill('   ');
  await page.getByLabel('Description').fill('Write all of it.');
  await page.getByRole('button', { name: 'Create task' }).click();
  const form = page.locator('form');
  for (const message of [
    messages.nameRequired,
    messages.assignedToRequired,
    messages.statusRequired,
    messages.dueDateRequired,
    messages.priorityRequired,
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  for (const label of ['Select a worker', 'Status', 'Due Date', 'Priority']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(form.getByText(messages.descriptionRequired, { exact: true })).toHaveCount(0);
  await shot(page, '85-task-form-all-errors');
});

test('the profile refuses a blank first or last name', async ({ page }) => {
  const user = await createVerifiedUser(APP_URL, 'blank-name');
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/workspace$/);
  await page.goto('/general');
  await page.getByLabel('First name').fill('  ');
  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(messages.firstNameRequired, { exact: true })).toBeVisible();
  await expect(page.getByText(messages.lastNameRequired, { exact: true })).toBeVisible();
  await shot(page, '86-profile-blank-name');

  // Nothing was saved: the page reloads with the name the user signed up with.
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await page.getByLabel('First name').fill('Augusta');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'SUCCESS', 'Profile updated')).toBeVisible();
});

test("a press on the submit button's upper edge submits, though the field it leaves shows its message", async ({
  page,
}) => {
  await page.goto('/auth/register');
  const email = page.getByRole('textbox', { name: /^email/i });
  await email.fill('not-an-email');
  // The schema is loaded (a field checked once), as in any form the user has been typing in.
  await email.press('Tab');
  await expect(page.getByText(messages.emailInvalid)).toBeVisible();
  await page.getByRole('textbox', { name: /confirm password/i }).fill('x');
  // The mouse goes down 6 px below the button's top and comes up a moment later, as a hand does:
  // a message shown at the mouse-down pushed the button down and the release landed above it.
  const button = page.getByRole('button', { name: 'Create account' });
  const box = await button.boundingBox();
  if (!box) throw new Error('no Create account button');
  await page.mouse.move(box.x + box.width / 2, box.y + 6);
  await page.mouse.down();
  await page.waitForTimeout(150);
  await page.mouse.up();
  // Submitted: the fields never touched say what they need too.
  await expect(page.getByText(messages.firstNameRequired)).toBeVisible();
  await expect(page.getByText(messages.lastNameRequired)).toBeVisible();
});
