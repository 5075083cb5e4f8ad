import { expect, type Page, test } from '@playwright/test';
import { pdfLines } from '../apps/api/src/test/pdf-text.ts';
import { APP_URL } from '../playwright.config.ts';
import { apiCreateWorkspace, apiSignIn } from './support/api.ts';
import { createVerifiedUser, shot, signIn, toast, uniqueEmail, waitForMail } from './support/helpers.ts';

/** A stat card's figure. */
const stat = (page: Page, label: string) => page.getByTestId(`stat-${label}`);

test('a school owner loads a month of sample data, admits a student, marks the register (the guardian is mailed), records levels, downloads a report card and records a payment', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const owner = await createVerifiedUser(APP_URL, 'head');
  await apiCreateWorkspace(await apiSignIn(APP_URL, owner.email, owner.password), 'Riverside School', 'cbe');
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard_cbe$/);

  // An empty school: one click fills it with a realistic month.
  await expect(page.getByText('Your school is empty')).toBeVisible();
  await page.getByRole('button', { name: 'Load sample data' }).click();
  await expect(toast(page, 'SUCCESS', 'Sample data loaded')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Attendance per class' })).toContainText('Grade 4 East');
  await expect(page.getByRole('region', { name: 'Performance levels per learning area' })).toContainText(
    'Mathematics (Grade 4)',
  );
  await expect(page.getByRole('img', { name: 'Fee collection against expected' })).toBeVisible();
  await expect(stat(page, 'Arrears')).toContainText('KES');
  await shot(page, 'cbe-dashboard');

  // Admit a student with a guardian whose mail we can read.
  const guardian = uniqueEmail('guardian');
  await page.goto('/cbe/students');
  await page.getByRole('button', { name: '+ Admit student' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel(/^Admission number/).fill('E2E-001');
  await form.getByLabel(/^First name/).fill('Zawadi');
  await form.getByLabel(/^Last name/).fill('Njeri');
  await form.getByLabel(/^Class/).selectOption({ label: 'Grade 4 East' });
  await form.getByRole('button', { name: '+ Add guardian' }).click();
  await form.getByLabel(/^Name/).fill('Mama Zawadi');
  await form.getByLabel(/^E-mail/).fill(guardian);
  await form.getByRole('button', { name: 'Admit student' }).click();
  await expect(toast(page, 'SUCCESS', 'Created')).toBeVisible();
  await page.getByLabel('Search by name or admission no.').fill('Zawadi');
  await expect(page.getByRole('table', { name: 'Students' })).toContainText('Mama Zawadi');

  // The register: one click marks Zawadi absent, with a reason; the guardian gets one mail.
  await page.goto('/cbe/register');
  const register = page.getByRole('table', { name: 'Register' });
  const row = register.getByRole('row').filter({ hasText: 'Zawadi Njeri' });
  await row.getByText('Absent', { exact: true }).click();
  await row.getByLabel('Reason for Zawadi Njeri').fill('Sick');
  await page.getByRole('button', { name: 'Mark the rest present' }).click();
  await page.getByRole('button', { name: 'Save register' }).click();
  await expect(toast(page, 'SUCCESS', 'Saved')).toBeVisible();
  await expect(row.getByText('Guardians told')).toBeVisible();
  const mail = await waitForMail(guardian);
  expect(mail.subject).toContain('Zawadi Njeri was absent on');

  // The gradebook: a level and a comment for Zawadi in the first sub-strand of Mathematics.
  await page.goto('/cbe/gradebook');
  await page.getByLabel('Learning area').selectOption({ label: 'Mathematics' });
  await page
    .getByLabel('Zawadi Njeri: Whole numbers', { exact: true })
    .selectOption({ label: 'EE · Exceeding Expectation' });
  await page.getByLabel('Comment for Zawadi Njeri: Whole numbers').fill('Quick with sums');
  await page.getByRole('button', { name: 'Save gradebook' }).click();
  await expect(toast(page, 'SUCCESS', 'Gradebook saved')).toBeVisible();
  await expect(page.getByLabel('Zawadi Njeri: Whole numbers', { exact: true })).toHaveValue('exceeding');

  // The report card, a PDF.
  const gradebookRow = page.getByRole('row').filter({ hasText: 'Zawadi Njeri' });
  const downloading = page.waitForEvent('download');
  await gradebookRow.getByRole('button', { name: 'PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^report-card-E2E-001-.*\.pdf$/);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  const pdf = readFileSync(path);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Its text, read back through the embedded fonts' ToUnicode maps as a PDF reader copies it.
  expect(pdfLines(pdf)).toContain('Whole numbers: Exceeding Expectation');

  // Fees: invoice the class (only Zawadi is new), then record her payment.
  await page.goto('/cbe/fees');
  await page.getByRole('button', { name: 'Issue invoices' }).click();
  const issue = page.getByRole('dialog');
  await issue.getByLabel('Class').selectOption({ label: 'Grade 4 East' });
  await issue.getByRole('button', { name: 'Issue invoices' }).click();
  await expect(toast(page, 'SUCCESS', '1 invoice issued')).toBeVisible();
  await page.getByLabel('Search by student').fill('Zawadi');
  const invoice = page
    .getByRole('table', { name: 'Invoices' })
    .getByRole('row')
    .filter({ hasText: 'Zawadi Njeri' });
  await expect(invoice).toContainText('18,500.00');
  await invoice.getByRole('button', { name: 'Record payment' }).click();
  const payment = page.getByRole('dialog');
  await payment.getByLabel(/^Amount/).fill('5000');
  await payment.getByLabel('Reference').fill('QK7X2B1');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, 'SUCCESS', 'Payment of KES 5,000.00 recorded for Zawadi Njeri')).toBeVisible();
  await expect(invoice).toContainText('13,500.00');
  await invoice.getByRole('button', { name: 'Statement' }).click();
  await expect(page.getByRole('dialog')).toContainText('Balance due: KES 13,500.00');
  await shot(page, 'cbe-statement');

  // Set-up: a class with students is kept (the reason shows), an unused grade goes once confirmed.
  await page.goto('/cbe/classes');
  await page.getByRole('button', { name: 'Delete Grade 4 East' }).click();
  const refused = page.getByRole('dialog', { name: 'Delete Grade 4 East?' });
  await refused.getByRole('button', { name: 'Delete' }).click();
  await expect(refused.getByRole('alert')).toContainText('This class is in use');
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('table', { name: 'Classes' })).toContainText('Grade 4');
  await page.getByRole('tab', { name: 'Grades and learning areas' }).click();
  await page.getByRole('button', { name: '+ New grade' }).click();
  await page.getByRole('dialog').getByLabel(/^Name/).fill('Grade 9');
  await page.getByRole('dialog').getByRole('button', { name: 'Create grade' }).click();
  await expect(page.getByRole('table', { name: 'Grades' })).toContainText('Grade 9');
  await page.getByRole('button', { name: 'Delete Grade 9' }).click();
  await page.getByRole('dialog', { name: 'Delete Grade 9?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'SUCCESS', 'Deleted')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Grades' })).not.toContainText('Grade 9');

  // A class with no class teacher yet ("None yet").
  await page.goto('/cbe/classes');
  await page.getByRole('button', { name: '+ New class' }).click();
  const newClass = page.getByRole('dialog', { name: 'New class' });
  await newClass.getByLabel('Grade').selectOption({ label: 'Grade 4' });
  await newClass.getByLabel(/^Stream/).fill('West');
  await expect(newClass.getByLabel('Class teacher')).toHaveValue('');
  await newClass.getByRole('button', { name: 'Create class' }).click();
  await expect(page.getByRole('table', { name: 'Classes' })).toContainText('West');
});
