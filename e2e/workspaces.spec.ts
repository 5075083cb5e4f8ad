import { expect, type Page, test } from '@playwright/test';
import { TEMPLATE_INTROS } from '@workhub/shared/template-intros';
import { APP_URL } from '../playwright.config.ts';
import { createVerifiedUser, shot, signIn, toast } from './support/helpers.ts';

async function createWorkspace(page: Page, name: string, template: string): Promise<void> {
  await page.goto('/workspace');
  await page.getByRole('link', { name: '+ Add New Workspace' }).click();
  await expect(page).toHaveURL(/\/workspace\/create$/);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Template').selectOption({ label: template });
  await page.getByLabel('Description').fill(`${name}: where the ${template} work happens.`);
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(toast(page, 'SUCCESS', 'Workspace created')).toBeVisible();
  await expect(page).toHaveURL(/\/workspace\/list$/);
}

test('an owner creates two workspaces of different templates and switches between their dashboards', async ({
  page,
}) => {
  const owner = await createVerifiedUser(APP_URL, 'owner');
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/workspace$/);

  await createWorkspace(page, 'Sales floor', 'CRM');
  await shot(page, '40-workspace-list');
  await createWorkspace(page, 'Plant one', 'MRP');
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'Sales floor' })).toContainText('0%');
  await expect(page.getByRole('progressbar', { name: 'Completion of Sales floor' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await expect(rows.filter({ hasText: 'Plant one' })).toBeVisible();

  await page.goto('/workspace');
  await shot(page, '41-workspace-picker');
  await page.getByRole('button', { name: /Sales floor/ }).click();
  await expect(page).toHaveURL(/\/dashboard_crm$/);
  await expect(page.getByRole('heading', { name: 'CRM dashboard' })).toBeVisible();
  await expect(page.getByTestId('current-workspace-name')).toHaveText('Sales floor');
  // The CRM template includes operations: its sales and orders panels read the (still empty)
  // customer orders. It says what it is for, where the operations are, and what it lacks, and draws
  // no chart with no data behind it (nothing has been completed or sold in this new workspace).
  await expect(page.getByText('No customer orders in the last 12 weeks.')).toBeVisible();
  await expect(page.getByText('About CRM', { exact: true })).toBeVisible();
  await expect(page.getByText(TEMPLATE_INTROS.crm.purpose)).toBeVisible();
  await expect(page.getByText(TEMPLATE_INTROS.crm.here?.text ?? '')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Not in the CRM template yet' }).getByRole('listitem'),
  ).toHaveCount(TEMPLATE_INTROS.crm.notYet.length);
  await expect(page.locator('.mantine-BarsList-root')).toHaveCount(0);
  await shot(page, '42-dashboard-crm');

  await page.goto('/workspace');
  await page.getByRole('button', { name: /Plant one/ }).click();
  await expect(page).toHaveURL(/\/dashboard_mrp$/);
  await expect(page.getByRole('heading', { name: 'MRP dashboard' })).toBeVisible();
  await expect(page.getByTestId('current-workspace-name')).toHaveText('Plant one');
  await expect(page.getByText(TEMPLATE_INTROS.mrp.purpose)).toBeVisible();
  await expect(page.getByText(TEMPLATE_INTROS.crm.purpose)).toHaveCount(0);

  // A dashboard of another template leads back to the current workspace's one.
  await page.goto('/dashboard_crm');
  await expect(page).toHaveURL(/\/dashboard_mrp$/);
});

test('an owner archives a workspace and restores it', async ({ page }) => {
  const owner = await createVerifiedUser(APP_URL, 'archiver');
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/workspace$/);
  await createWorkspace(page, 'Old shop', 'Barber Shop & Spa');

  await page.goto('/workspace/archived');
  await expect(page.getByText('No Record Found!')).toBeVisible();

  await page.goto('/workspace/list');
  await page
    .getByRole('row')
    .filter({ hasText: 'Old shop' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await page
    .getByRole('dialog', { name: 'Deactivate Old shop?' })
    .getByRole('button', { name: 'Deactivate workspace' })
    .click();
  await expect(toast(page, 'SUCCESS', 'Workspace Archived!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Old shop' })).toHaveCount(0);

  await page.goto('/workspace/archived');
  const archived = page.getByRole('row').filter({ hasText: 'Old shop' });
  await expect(archived).toBeVisible();
  await shot(page, '43-workspace-archived');
  await page.goto('/workspace');
  await expect(page.getByRole('button', { name: /Old shop/ })).toHaveCount(0);

  await page.goto('/workspace/archived');
  await page
    .getByRole('row')
    .filter({ hasText: 'Old shop' })
    .getByRole('button', { name: 'Activate' })
    .click();
  await expect(toast(page, 'SUCCESS', 'Workspace restored')).toBeVisible();
  await page.goto('/workspace/list');
  await expect(page.getByRole('row').filter({ hasText: 'Old shop' })).toBeVisible();
});
