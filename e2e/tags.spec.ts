import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { APP_URL } from '../playwright.config.ts';
import { apiCreateWorkspace, apiSignIn } from './support/api.ts';
import { createVerifiedUser, shot, signIn, toast } from './support/helpers.ts';

test('an owner makes a tag, gives it to a project and filters the list by it', async ({ page }) => {
  const owner = await createVerifiedUser(APP_URL, 'tags');
  await apiCreateWorkspace(await apiSignIn(APP_URL, owner.email, owner.password), 'Tagged');
  await signIn(page, owner.email, owner.password);
  // Signing in reopens the workspace the API session used last.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('current-workspace-name')).toHaveText('Tagged');

  await page.getByRole('link', { name: 'Tags' }).click();
  await expect(page).toHaveURL(/\/tags$/);
  await expect(page.getByText('No tags yet')).toBeVisible();
  await page.getByRole('button', { name: '+ New Tag' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Urgent');
  await dialog.getByRole('button', { name: /Create|Save/ }).click();
  await expect(toast(page, 'SUCCESS', 'Tag created')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Urgent' })).toBeVisible();

  // The same name in another case is refused, under the field.
  await page.getByRole('button', { name: '+ New Tag' }).first().click();
  await dialog.getByLabel('Name').fill('urgent');
  await dialog.getByRole('button', { name: /Create|Save/ }).click();
  await expect(dialog.getByText('This workspace already has a tag with that name.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await shot(page, '85-tags');

  for (const [name, tagged] of [
    ['Launch', true],
    ['Cleanup', false],
  ] as const) {
    await page.goto('/project/list');
    await page.getByRole('link', { name: '+ New Project' }).first().click();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description').fill(`${name}: everything it takes.`);
    await page.getByLabel('Due Date').fill('2099-01-15');
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'In progress' });
    if (tagged) {
      await page.getByRole('combobox', { name: 'Tags' }).click();
      await page.getByRole('option', { name: 'Urgent' }).click();
      await page.keyboard.press('Escape');
    }
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect(toast(page, 'SUCCESS', 'Project created')).toBeVisible();
    await expect(page).toHaveURL(/\/project\/list/);
  }

  await expect(page.getByRole('row').filter({ hasText: 'Launch' })).toContainText('Urgent');
  await page.getByLabel('Tag', { exact: true }).selectOption({ label: 'Urgent' });
  await expect(page).toHaveURL(/tag=/);
  await expect(page.getByRole('row').filter({ hasText: 'Launch' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Cleanup' })).toHaveCount(0);
  await shot(page, '86-projects-filtered-by-tag');

  // The export carries the list's filters: the tagged project only.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^projects-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = readFileSync(await download.path(), 'utf8');
  // Starts with the UTF-8 byte order mark, which Excel needs to read it as UTF-8.
  expect(file.startsWith('\uFEFF')).toBe(true);
  const csv = file.slice(1);
  expect(csv.split('\r\n')[0]).toBe('Name,Description,Status,Due date,Tags,Created by,Created at');
  expect(csv).toContain('Launch');
  expect(csv).toContain('Urgent');
  expect(csv).not.toContain('Cleanup');
});
