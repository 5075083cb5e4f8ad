import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { APP_URL } from '../playwright.config.ts';
import { apiCreateWorkspace, apiSignIn } from './support/api.ts';
import { createVerifiedUser, shot, signIn, toast } from './support/helpers.ts';

test('an owner deletes a tag and finds it in the audit log at /settings/audit, filtered and exported', async ({
  page,
}) => {
  const owner = await createVerifiedUser(APP_URL, 'audit');
  const api = await apiCreateWorkspace(await apiSignIn(APP_URL, owner.email, owner.password), 'Audited');
  const created = await fetch(`${APP_URL}/api/tags`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${api.token}` },
    body: JSON.stringify({ name: 'Obsolete', color: '#ff8800' }),
  });
  expect(created.status).toBe(201);

  await signIn(page, owner.email, owner.password);
  await expect(page.getByTestId('current-workspace-name')).toHaveText('Audited');
  await page.goto('/tags');
  await page.getByRole('button', { name: 'Delete Obsolete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete tag' }).click();
  await expect(toast(page, 'SUCCESS', 'Tag deleted')).toBeVisible();

  // Settings links the owner to the log.
  await page.goto('/settings');
  await page.getByRole('link', { name: 'View the audit log' }).click();
  await expect(page).toHaveURL(/\/settings\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const deleted = page.getByRole('row').filter({ hasText: 'Tag deleted' });
  await expect(deleted).toContainText(owner.email);
  await expect(deleted).toContainText('name: Obsolete');
  // The browser's sign-in is there too, with the address it came from.
  await expect(page.getByRole('row').filter({ hasText: 'Signed in' }).first()).toContainText('127.0.0.1');

  await page.getByLabel('Action').selectOption({ label: 'Tag deleted' });
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Signed in' })).toHaveCount(0);
  await expect(deleted).toBeVisible();
  await shot(page, '90-audit-log');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = readFileSync(await download.path(), 'utf8');
  // Starts with the UTF-8 byte order mark, which Excel needs to read it as UTF-8.
  expect(file.startsWith('\uFEFF')).toBe(true);
  const csv = file.slice(1);
  expect(csv.split('\r\n')[0]).toBe(
    'When (UTC),Actor,Action,Record type,Record id,Workspace id,Before,After,IP',
  );
  expect(csv).toContain('tag.deleted');
  expect(csv).toContain('Obsolete');
  expect(csv).not.toContain('auth.sign_in');
});
