import { expect, type Page, test } from '@playwright/test';
import { APP_URL } from '../playwright.config.ts';
import { apiCreateWorkspace, apiSignIn } from './support/api.ts';
import { createVerifiedUser, shot, signIn, toast } from './support/helpers.ts';

/** A calendar day `days` from today (UTC), as the date inputs take it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function createProduct(
  page: Page,
  product: { name: string; price: string; type: 'Make' | 'Buy'; leadTime: string },
) {
  await page.goto('/operations/products/new');
  await page.getByLabel(/^Product name/).fill(product.name);
  await page.getByLabel(/^Price/).fill(product.price);
  await page.getByLabel('Procurement').selectOption({ label: product.type });
  await page.getByLabel('Lead time', { exact: true }).fill(product.leadTime);
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(toast(page, 'SUCCESS', 'Product created')).toBeVisible();
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
}

/** On a product's page: a line needing `qty` of `component`. */
async function addLine(page: Page, component: string, qty: string) {
  await page.getByRole('button', { name: '+ Add line' }).first().click();
  const dialog = page.getByRole('dialog');
  const picker = dialog.getByRole('combobox', { name: 'Component' });
  await picker.fill(component);
  // The search's answer first: an option clicked in the list it replaces (all products, shown
  // until the typed name's search comes back) could be lost as the list changed under it.
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText([component]);
  await page.getByRole('option', { name: component, exact: true }).click();
  await expect(picker).toHaveValue(component);
  await dialog.getByLabel(/^Quantity per/).fill(qty);
  await dialog.getByRole('button', { name: 'Add line', exact: true }).click();
  await expect(toast(page, 'SUCCESS', 'Line added')).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

/** A new draft order with one line, then confirmed; answers its page's URL. */
async function createConfirmedOrder(
  page: Page,
  order: { kind: 'purchase' | 'customer'; party: string; product: string; qty: string; due: string },
) {
  await page.goto(`/operations/${order.kind}-orders/new`);
  await page
    .getByRole('textbox', { name: order.kind === 'purchase' ? 'Supplier' : 'Customer' })
    .fill(order.party);
  await page.getByLabel(/^Due date( \*)?$/).fill(order.due);
  await page.getByRole('combobox', { name: 'Product of line 1' }).fill(order.product);
  await page.getByRole('option', { name: order.product, exact: true }).click();
  await page.getByLabel('Quantity of line 1').fill(order.qty);
  await page.getByRole('button', { name: `Create ${order.kind} order` }).click();
  await expect(toast(page, 'SUCCESS', 'Order created')).toBeVisible();
  await expect(page).toHaveURL(/-orders\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Confirm (PO|CO)-\d+$/ })
    .click();
  await expect(toast(page, 'SUCCESS', 'Order confirmed')).toBeVisible();
  return page.url();
}

/** A stat card's figure. */
const stat = (page: Page, label: string) => page.getByTestId(`stat-${label}`);

test('a planner builds a three-level bicycle, receives stock, takes an order, runs MRP, reads the pegging, confirms, and sees the dashboard move', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const owner = await createVerifiedUser(APP_URL, 'planner');
  await apiCreateWorkspace(await apiSignIn(APP_URL, owner.email, owner.password), 'Bike plant', 'mrp');
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard_mrp$/);
  await expect(stat(page, 'Open customer orders')).toHaveText('0');
  await expect(page.getByText(/No sales in the last 12 weeks/)).toBeVisible();

  // Bicycle (made) = 2 Wheel (made) = 36 Spoke (bought) each.
  await createProduct(page, { name: 'Spoke', price: '0.5', type: 'Buy', leadTime: '3' });
  await createProduct(page, { name: 'Wheel', price: '40', type: 'Make', leadTime: '1' });
  await addLine(page, 'Spoke', '36');
  await createProduct(page, { name: 'Bicycle', price: '400', type: 'Make', leadTime: '2' });
  await addLine(page, 'Wheel', '2');
  const tree = page.getByRole('table', { name: 'Bill of materials' });
  await page.getByRole('button', { name: 'Expand Wheel' }).click();
  await expect(tree.getByRole('row').filter({ hasText: 'Spoke' })).toContainText('72');
  // 72 spokes at 0.50: the roll-up.
  await expect(page.getByTestId('estimated-cost')).toHaveText('36.00');
  await shot(page, '80-operations-bom-tree');

  // 100 spokes received: a stock move.
  const po = await createConfirmedOrder(page, {
    kind: 'purchase',
    party: 'Spokes Ltd',
    product: 'Spoke',
    qty: '100',
    due: inDays(1),
  });
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Receive PO-\d+$/ })
    .click();
  await expect(toast(page, 'SUCCESS', 'Goods received')).toBeVisible();
  await expect(page).toHaveURL(po);
  await page.goto('/operations/stock-moves');
  await expect(page.getByRole('row').filter({ hasText: 'Spoke' }).first()).toContainText('+100');

  // A customer wants 2 bicycles in 30 days: 4 wheels, 144 spokes, 100 on hand, so buy 44.
  await createConfirmedOrder(page, {
    kind: 'customer',
    party: 'Acme Cycles',
    product: 'Bicycle',
    qty: '2',
    due: inDays(30),
  });

  await page.goto('/operations/mrp');
  const started = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/mrp/runs',
  );
  await page.getByRole('button', { name: 'Run MRP' }).click();
  await expect(toast(page, 'SUCCESS', 'MRP run done: 3 proposals')).toBeVisible();
  // The run comes back without its proposals (Prefer: return=minimal): the page reads them by the page.
  const answer = await started;
  expect(answer.headers()['preference-applied']).toBe('return=minimal');
  expect((await answer.json()).data).not.toHaveProperty('proposals');
  const proposals = page.getByRole('table', { name: 'Proposals' });
  const spoke = proposals.getByRole('row').filter({ hasText: 'Spoke' });
  await expect(spoke).toContainText('44');
  await expect(proposals.getByRole('row').filter({ hasText: 'Wheel' })).toContainText('4');
  await spoke.getByRole('button', { name: /What proposal \d+ covers/ }).click();
  const pegging = page.getByRole('dialog', { name: 'Buy 44 Spoke' });
  await expect(pegging.getByRole('list', { name: 'Covers' })).toContainText('4 Wheel');
  await shot(page, '81-operations-pegging');
  // Up the chain: the wheels are for the bicycles, the bicycles for Acme's order.
  await pegging.getByRole('button', { name: /4 Wheel/ }).click();
  const wheels = page.getByRole('dialog', { name: 'Make 4 Wheel' });
  await wheels.getByRole('button', { name: /2 Bicycle/ }).click();
  await expect(
    page.getByRole('dialog', { name: 'Make 2 Bicycle' }).getByRole('link', { name: /Acme Cycles/ }),
  ).toBeVisible();
  // The button under the text (the title bar's cross is named Close too).
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();

  await page.getByRole('checkbox', { name: 'Select every open proposal of this page' }).check();
  await page.getByRole('button', { name: 'Confirm selected (3)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm proposals' }).click();
  await expect(toast(page, 'SUCCESS', 'Created 1 draft purchase order and 2 work orders')).toBeVisible();
  await expect(spoke).toContainText('Confirmed');
  await shot(page, '82-operations-mrp-confirmed');

  await page.goto('/operations/work-orders');
  await expect(page.getByRole('row').filter({ hasText: 'Wheel' })).toContainText('Planned');

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard_mrp$/);
  await expect(stat(page, 'Open customer orders')).toHaveText('1');
  await expect(stat(page, 'Open purchase orders')).toHaveText('1');
  // 100 spokes at 0.50 on hand.
  await expect(stat(page, 'Stock value')).toHaveText('50.00');
  await expect(page.getByRole('table', { name: 'Sales value per week' })).toContainText('800.00');
  await shot(page, '83-operations-dashboard');
});
