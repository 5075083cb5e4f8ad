import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '../messages.ts';
import { operationsMessages } from '../operations-messages.ts';
import { decimalField, optionalDecimalField, parseDecimal } from './decimal.ts';
import * as recordSchemas from './operations.ts';
import {
  bomLineBody,
  bomTree,
  catalogBody,
  namedRecordListQuery,
  operationsStatusBody,
  productBody,
  productListQuery,
  productUpdateBody,
  stockAdjustmentBody,
  stockAdjustmentForm,
  stockMoveListQuery,
} from './operations.ts';
import * as importSchemas from './operations-import.ts';
import {
  bomLineImportRow,
  checkImportRows,
  importBody,
  importColumnKey,
  productImportRow,
} from './operations-import.ts';
import * as mrpSchemas from './operations-mrp.ts';
import { mrpConfirmBody, mrpRunBody } from './operations-mrp.ts';
import * as orderSchemas from './operations-orders.ts';
import {
  CUSTOMER_ORDER_STEPS,
  customerOrderBody,
  orderDeliveryBody,
  orderNumberLabel,
  PURCHASE_ORDER_STEPS,
  purchaseOrderBody,
  stepAllowed,
  WORK_ORDER_STEPS,
  workOrderListQuery,
} from './operations-orders.ts';

type Result = { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } };
const firstMessage = (result: Result) => result.error?.issues[0]?.message;
/** The first message per field, as the API's 400 `fields` and the forms show them. */
const fieldMessages = (result: Result): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    fields[key] ??= issue.message;
  }
  return fields;
};

const ID = '0b6f3c1e-1f5a-4c1e-9d0a-2f6c8b9e7a10';
const ID2 = '5d2b7c3a-8e4f-4a6b-9c1d-3e5f7a9b1c2d';

describe('decimals (numeric(14,4): money and quantities)', () => {
  const price = decimalField('nonnegative', operationsMessages.priceRequired);

  it('takes strings and JSON numbers and gives the canonical text, never a float', () => {
    const cases: [string | number, string][] = [
      ['12.5', '12.5'],
      [12.5, '12.5'],
      ['0.1', '0.1'],
      [0.1, '0.1'],
      [' 007.5000 ', '7.5'],
      ['.5', '0.5'],
      ['5.', '5'],
      ['-0', '0'],
      ['0', '0'],
      ['9999999999.9999', '9999999999.9999'],
      [1234567890, '1234567890'],
    ];
    for (const [input, expected] of cases) expect(price.parse(input), String(input)).toBe(expected);
    expect(decimalField('any').parse('-3.25')).toBe('-3.25');
  });

  it('refuses more than 4 decimals, more than 10 integer digits, and anything not a plain number', () => {
    const cases: [unknown, string][] = [
      ['1.23456', messages.decimalScale],
      [0.1 + 0.2, messages.decimalScale],
      [1e-7, messages.decimalScale],
      ['10000000000', messages.decimalTooLarge],
      [1e21, messages.decimalTooLarge],
      [Number.MAX_VALUE, messages.decimalTooLarge],
      ['abc', messages.decimalInvalid],
      ['1e5', messages.decimalInvalid],
      ['1,5', messages.decimalInvalid],
      ['12 kg', messages.decimalInvalid],
      ['-', messages.decimalInvalid],
      ['.', messages.decimalInvalid],
      [Number.NaN, messages.decimalInvalid],
      [Number.POSITIVE_INFINITY, messages.decimalInvalid],
      ['Infinity', messages.decimalInvalid],
      ['NaN', messages.decimalInvalid],
      [true, messages.decimalInvalid],
      [{ value: 1 }, messages.decimalInvalid],
    ];
    for (const [input, message] of cases) {
      expect(firstMessage(price.safeParse(input)), String(input)).toBe(message);
    }
  });

  it("says the field's own 'required' for a missing, null or blank value", () => {
    for (const input of [undefined, null, '', '   ']) {
      expect(firstMessage(price.safeParse(input)), String(input)).toBe(operationsMessages.priceRequired);
    }
  });

  it('checks the sign: never negative, or more than 0', () => {
    expect(firstMessage(price.safeParse('-1'))).toBe(messages.decimalNegative);
    expect(price.parse('0')).toBe('0');
    const qty = decimalField('positive', operationsMessages.quantityRequired);
    expect(firstMessage(qty.safeParse('0'))).toBe(messages.decimalNotPositive);
    expect(firstMessage(qty.safeParse('0.0000'))).toBe(messages.decimalNotPositive);
    expect(firstMessage(qty.safeParse(-2))).toBe(messages.decimalNotPositive);
    expect(qty.parse('0.0001')).toBe('0.0001');
  });

  it('an optional decimal is null when missing, null or blank, and checked otherwise', () => {
    const cost = optionalDecimalField('nonnegative');
    for (const input of [undefined, null, '', ' ']) expect(cost.parse(input)).toBeNull();
    expect(cost.parse('3.50')).toBe('3.5');
    expect(firstMessage(cost.safeParse('x'))).toBe(messages.decimalInvalid);
    expect(firstMessage(cost.safeParse(-1))).toBe(messages.decimalNegative);
  });

  it('parseDecimal reads what PostgreSQL writes back', () => {
    expect(parseDecimal('12.5000')).toEqual({ value: '12.5' });
    expect(parseDecimal('-0.0000')).toEqual({ value: '0' });
  });
});

describe('catalogs, units, products', () => {
  it('a catalog needs a name; status defaults to active, an empty description is null', () => {
    expect(catalogBody.parse({ name: ' Bikes ', description: '' })).toEqual({
      name: 'Bikes',
      description: null,
      status: 'active',
    });
    expect(fieldMessages(catalogBody.safeParse({}))).toEqual({ name: messages.nameRequired });
    expect(fieldMessages(operationsStatusBody.safeParse({}))).toEqual({ status: messages.statusRequired });
    expect(fieldMessages(operationsStatusBody.safeParse({ status: 'archived' }))).toEqual({
      status: 'Status must be one of active, inactive',
    });
  });

  it('a product gets its defaults and decimal strings', () => {
    expect(productBody.parse({ product_name: 'Spoke', price: 0.25 })).toEqual({
      product_name: 'Spoke',
      product_group: null,
      catalog_id: null,
      price: '0.25',
      color: null,
      uom_id: null,
      description: null,
      status: 'active',
      procurement_type: 'buy',
      lead_time: 0,
      lead_time_unit: 'days',
      safety_stock: '0',
      min_order_qty: '0',
      product_qty: '0',
    });
  });

  it('a product form names each fault in its field', () => {
    const result = productBody.safeParse({
      product_name: '',
      price: '-1',
      catalog_id: 'not-an-id',
      procurement_type: 'steal',
      lead_time: -1,
      lead_time_unit: 'months',
      safety_stock: '1.00001',
      product_qty: 'lots',
    });
    expect(fieldMessages(result)).toEqual({
      product_name: operationsMessages.productNameRequired,
      price: messages.decimalNegative,
      catalog_id: operationsMessages.catalogUnknown,
      procurement_type: 'Procurement type must be make or buy',
      lead_time: operationsMessages.leadTimeInvalid,
      lead_time_unit: 'Lead time unit must be one of days, weeks',
      safety_stock: messages.decimalScale,
      product_qty: messages.decimalInvalid,
    });
    expect(fieldMessages(productBody.safeParse({ product_name: 'x', price: 1, lead_time: 1000 }))).toEqual({
      lead_time: operationsMessages.leadTimeInvalid,
    });
  });

  it('an edit leaves the stock alone: product_qty is not part of it', () => {
    const edited = productUpdateBody.parse({ product_name: 'Spoke', price: '1', product_qty: '999' });
    expect(edited).not.toHaveProperty('product_qty');
  });

  it('list queries: page 1, limit 14 (at most 100), a sort of the list, yes/no filters', () => {
    expect(productListQuery.parse({})).toEqual({ page: 1, limit: 14, sort: 'product_name' });
    expect(productListQuery.parse({ below_safety: 'true', sort: '-price', limit: '100' })).toMatchObject({
      below_safety: true,
      sort: '-price',
      limit: 100,
    });
    expect(firstMessage(productListQuery.safeParse({ limit: '101' }))).toBe('Limit must be at most 100');
    expect(firstMessage(productListQuery.safeParse({ sort: 'color' }))).toMatch(/^sort must be one of /);
    expect(firstMessage(productListQuery.safeParse({ below_safety: 'maybe' }))).toBe('Must be true or false');
    expect(namedRecordListQuery.parse({ q: ' bolt ' })).toEqual({
      page: 1,
      limit: 14,
      q: 'bolt',
      sort: 'name',
    });
    expect(stockMoveListQuery.parse({ product_id: ID }).sort).toBe('-created_at');
    expect(workOrderListQuery.parse({}).sort).toBe('need_date');
    expect(firstMessage(workOrderListQuery.safeParse({ product_id: 'x' }))).toBe(messages.idInvalid);
  });
});

describe('BOM lines', () => {
  it('a line needs a component and a quantity above 0; the rest has defaults', () => {
    expect(bomLineBody.parse({ product_needed: ID, bom_qty: '2' })).toEqual({
      product_needed: ID,
      bom_qty: '2',
      lead_time: 0,
      lead_time_unit: 'days',
      cost_per_unit: null,
      notes: null,
      status: 'active',
    });
    expect(fieldMessages(bomLineBody.safeParse({ bom_qty: 0 }))).toEqual({
      product_needed: operationsMessages.bomComponentRequired,
      bom_qty: messages.decimalNotPositive,
    });
  });

  it('the cycle and stock messages name the path and the figures', () => {
    expect(operationsMessages.bomCycle('A → B → A')).toBe('This line would make a cycle: A → B → A');
    expect(operationsMessages.notEnoughStock('Spoke', '12', '40')).toBe(
      'Not enough stock of Spoke: 12 on hand, 40 needed',
    );
  });

  it('the tree answer is recursive', () => {
    const leaf = {
      product_id: ID2,
      product_name: 'Spoke',
      procurement_type: 'buy',
      uom_name: null,
      line_id: ID,
      qty_per_parent: '36',
      total_qty: '72',
      unit_cost: '0.25',
      extended_cost: '18',
      children: [],
    };
    const tree = {
      estimated_cost: '18',
      root: { ...leaf, product_id: ID, line_id: null, procurement_type: 'make', children: [leaf] },
    };
    expect(bomTree.parse(tree)).toEqual(tree);
    expect(
      bomTree.safeParse({ ...tree, root: { ...tree.root, children: [{ ...leaf, children: 'x' }] } }).success,
    ).toBe(false);
  });
});

describe('stock adjustments', () => {
  it('sets a counted, non-negative figure, with a reason', () => {
    expect(stockAdjustmentBody.parse({ product_id: ID, quantity: '12.50', reason: ' Count ' })).toEqual({
      product_id: ID,
      quantity: '12.5',
      reason: 'Count',
      expected_on_hand: null,
    });
    expect(fieldMessages(stockAdjustmentBody.safeParse({ product_id: ID, quantity: -1 }))).toEqual({
      quantity: messages.decimalNegative,
      reason: operationsMessages.adjustmentReasonRequired,
    });
    expect(fieldMessages(stockAdjustmentBody.safeParse({}))).toEqual({
      product_id: operationsMessages.productUnknown,
      quantity: operationsMessages.quantityRequired,
      reason: operationsMessages.adjustmentReasonRequired,
    });
  });

  it('the web form counts against the figure it showed: expected_on_hand is required there', () => {
    const body = { product_id: ID, quantity: '3', reason: 'Count' };
    expect(fieldMessages(stockAdjustmentForm.safeParse(body))).toEqual({
      expected_on_hand: operationsMessages.expectedOnHandRequired,
    });
    expect(stockAdjustmentForm.parse({ ...body, expected_on_hand: '180.0000' })).toMatchObject({
      expected_on_hand: '180',
    });
    expect(stockAdjustmentBody.parse({ ...body, expected_on_hand: 7 })).toMatchObject({
      expected_on_hand: '7',
    });
  });
});

describe('orders', () => {
  const order = {
    supplier_name: 'Acme',
    order_date: '2026-03-02',
    due_date: '2026-03-16',
    lines: [{ product_id: ID, quantity: '40', unit_price: 0.25 }],
  };

  it('a purchase order: the line due date defaults to null (the order’s), unit price to 0', () => {
    expect(purchaseOrderBody.parse({ ...order, lines: [{ product_id: ID, quantity: 5 }] })).toEqual({
      supplier_name: 'Acme',
      order_date: '2026-03-02',
      due_date: '2026-03-16',
      notes: null,
      lines: [{ product_id: ID, quantity: '5', unit_price: '0', due_date: null }],
    });
    expect(purchaseOrderBody.parse({ ...order, supplier_name: '' }).supplier_name).toBeNull();
  });

  it('refuses an order without lines, a due date before the order date, a bad line', () => {
    expect(fieldMessages(purchaseOrderBody.safeParse({ ...order, lines: [] }))).toEqual({
      lines: operationsMessages.orderLinesRequired,
    });
    expect(fieldMessages(purchaseOrderBody.safeParse({ ...order, due_date: '2026-03-01' }))).toEqual({
      due_date: operationsMessages.dueBeforeOrderDate,
    });
    expect(
      fieldMessages(
        purchaseOrderBody.safeParse({
          ...order,
          lines: [{ product_id: 'x', quantity: 0, due_date: '2026-02-30' }],
        }),
      ),
    ).toEqual({
      'lines.0.product_id': operationsMessages.productUnknown,
      'lines.0.quantity': messages.decimalNotPositive,
      'lines.0.due_date': messages.dateInvalid,
    });
    expect(
      fieldMessages(
        purchaseOrderBody.safeParse({
          ...order,
          lines: [
            { product_id: ID, quantity: 1, due_date: '2026-03-02' },
            { product_id: ID, quantity: 1, due_date: '2020-01-01' },
          ],
        }),
      ),
    ).toEqual({ 'lines.1.due_date': operationsMessages.lineDueBeforeOrderDate });
    // With another field wrong, the dates are still checked (a form shows both at once); a date
    // that is not one is not compared.
    expect(
      fieldMessages(
        customerOrderBody.safeParse({
          ...order,
          customer_name: '',
          due_date: '2026-03-01',
          lines: [
            { product_id: ID, quantity: 0, due_date: '2026-02-01' },
            { product_id: ID, quantity: 1, due_date: 'soon' },
            'not a line',
          ],
        }),
      ),
    ).toEqual({
      customer_name: operationsMessages.customerNameRequired,
      due_date: operationsMessages.dueBeforeOrderDate,
      'lines.0.quantity': messages.decimalNotPositive,
      'lines.0.due_date': operationsMessages.lineDueBeforeOrderDate,
      'lines.1.due_date': messages.dateInvalid,
      'lines.2': expect.any(String),
    });
    expect(
      fieldMessages(
        customerOrderBody.safeParse({ ...order, customer_name: '', order_date: 'x', due_date: '2000-01-01' }),
      ),
    ).toEqual({ customer_name: operationsMessages.customerNameRequired, order_date: expect.any(String) });
    expect(
      fieldMessages(customerOrderBody.safeParse({ ...order, customer_name: 'A', lines: 'none' })),
    ).toEqual({
      lines: operationsMessages.orderLinesRequired,
    });
    expect(
      fieldMessages(
        purchaseOrderBody.safeParse({ ...order, order_date: '0001-01-01', due_date: '0001-01-02' }),
      ),
    ).toEqual({ order_date: operationsMessages.orderDateOutOfRange });
    expect(
      fieldMessages(
        purchaseOrderBody.safeParse({ ...order, order_date: '2100-01-01', due_date: '2100-01-01' }),
      ),
    ).toEqual({ order_date: operationsMessages.orderDateOutOfRange });
    const tooMany = Array.from({ length: orderSchemas.ORDER_LINES_MAX + 1 }, () => order.lines[0]);
    expect(firstMessage(purchaseOrderBody.safeParse({ ...order, lines: tooMany }))).toBe(
      operationsMessages.orderLinesTooMany,
    );
  });

  it('a customer order needs its customer', () => {
    const { supplier_name: _, ...rest } = order;
    expect(fieldMessages(customerOrderBody.safeParse(rest))).toEqual({
      customer_name: operationsMessages.customerNameRequired,
    });
    expect(customerOrderBody.parse({ ...rest, customer_name: 'Bike shop' }).customer_name).toBe('Bike shop');
  });

  it('receive and ship take everything open, or the lines given', () => {
    expect(orderDeliveryBody.parse({})).toEqual({});
    expect(orderDeliveryBody.parse({ lines: [{ line_id: ID, quantity: '2' }] })).toEqual({
      lines: [{ line_id: ID, quantity: '2' }],
    });
    expect(fieldMessages(orderDeliveryBody.safeParse({ lines: [] }))).toEqual({
      lines: operationsMessages.orderLinesRequired,
    });
  });

  it('numbers read PO-00012, and the status steps start where the flow says', () => {
    expect(orderNumberLabel('purchase_order', 12)).toBe('PO-00012');
    expect(orderNumberLabel('customer_order', 1)).toBe('CO-00001');
    expect(orderNumberLabel('work_order', 123456)).toBe('WO-123456');
    expect(stepAllowed(PURCHASE_ORDER_STEPS, 'receive', 'confirmed')).toBe(true);
    expect(stepAllowed(PURCHASE_ORDER_STEPS, 'receive', 'draft')).toBe(false);
    expect(stepAllowed(PURCHASE_ORDER_STEPS, 'cancel', 'received')).toBe(false);
    expect(stepAllowed(CUSTOMER_ORDER_STEPS, 'ship', 'confirmed')).toBe(true);
    expect(stepAllowed(CUSTOMER_ORDER_STEPS, 'close', 'shipped')).toBe(true);
    expect(stepAllowed(WORK_ORDER_STEPS, 'complete', 'planned')).toBe(false);
    expect(stepAllowed(WORK_ORDER_STEPS, 'release', 'planned')).toBe(true);
    expect(stepAllowed(WORK_ORDER_STEPS, 'explode', 'planned')).toBe(false);
  });
});

describe('the MRP run', () => {
  it('plans 90 days unless told, 1 to 365', () => {
    expect(mrpRunBody.parse({})).toEqual({ horizon_days: 90 });
    expect(mrpRunBody.parse({ horizon_days: 365 })).toEqual({ horizon_days: 365 });
    for (const horizon of [0, 366, 1.5, 'soon', -1]) {
      expect(firstMessage(mrpRunBody.safeParse({ horizon_days: horizon })), String(horizon)).toBe(
        operationsMessages.horizonDaysInvalid,
      );
    }
  });

  it('confirms at least one proposal, duplicates dropped', () => {
    expect(mrpConfirmBody.parse({ proposal_ids: [ID, ID, ID2] })).toEqual({ proposal_ids: [ID, ID2] });
    expect(firstMessage(mrpConfirmBody.safeParse({ proposal_ids: [] }))).toBe(
      operationsMessages.proposalIdsRequired,
    );
    expect(firstMessage(mrpConfirmBody.safeParse({}))).toBe(operationsMessages.proposalIdsRequired);
    expect(firstMessage(mrpConfirmBody.safeParse({ proposal_ids: ['P1'] }))).toBe(messages.idInvalid);
    const tooMany = Array.from({ length: mrpSchemas.MRP_CONFIRM_MAX + 1 }, () => ID);
    expect(firstMessage(mrpConfirmBody.safeParse({ proposal_ids: tooMany }))).toBe(
      operationsMessages.proposalIdsTooMany,
    );
  });

  it('a proposal answer carries its pegging by kind', () => {
    const proposal = {
      id: ID,
      seq: 1,
      product_id: ID2,
      product_name: 'Spoke',
      kind: 'purchase',
      quantity: '1.11108889',
      need_date: '2026-03-10',
      release_date: '2026-03-03',
      past_due: false,
      too_large: false,
      pegging: [
        { kind: 'customer_order', order_id: ID, line_id: ID2, qty: '1', label: 'CO-00001 line 1 (Acme)' },
        { kind: 'proposal', proposal_id: ID2, qty: '0.11108889', label: 'Work proposal 2: 1 Wheel' },
      ],
      status: 'open',
      confirmed_ref: null,
    };
    expect(mrpSchemas.mrpProposal.parse(proposal)).toEqual(proposal);
    expect(
      mrpSchemas.mrpProposal.safeParse({ ...proposal, pegging: [{ kind: 'proposal', qty: '1', label: '' }] })
        .success,
    ).toBe(false);
  });
});

describe('CSV imports', () => {
  it('reads header cells as column keys', () => {
    expect(importColumnKey(' Product Name ')).toBe('product_name');
    expect(importColumnKey('LEAD  TIME unit')).toBe('lead_time_unit');
  });

  it('an empty cell takes the default; choices in any case', () => {
    expect(
      productImportRow.parse({
        product_name: 'Frame',
        price: '80',
        product_qty: '',
        status: '',
        procurement_type: 'Make',
        lead_time: '',
        lead_time_unit: 'WEEKS',
        catalog: 'Bikes',
      }),
    ).toEqual({
      product_name: 'Frame',
      product_group: null,
      catalog: 'Bikes',
      price: '80',
      color: null,
      product_qty: '0',
      uom: null,
      description: null,
      status: 'active',
      procurement_type: 'make',
      lead_time: 0,
      lead_time_unit: 'weeks',
      safety_stock: '0',
      min_order_qty: '0',
    });
  });

  it('names the line and the column of every fault, once per cell', () => {
    const { valid, errors } = checkImportRows(bomLineImportRow, [
      { product_need: 'Bicycle', product_needed: 'Wheel', bom_qty: '2' },
      { product_need: '', product_needed: 'Frame', bom_qty: '0', lead_time_unit: 'years' },
      { product_need: 'Wheel', product_needed: 'Spoke', bom_qty: '36', cost_per_unit: '0.12345' },
    ]);
    expect(valid).toHaveLength(1);
    expect(valid[0]).toMatchObject({
      row: 2,
      value: { product_need: 'Bicycle', bom_qty: '2', status: 'active' },
    });
    expect(errors).toEqual([
      { row: 3, column: 'product_need', message: operationsMessages.productNameRequired },
      { row: 3, column: 'bom_qty', message: messages.decimalNotPositive },
      { row: 3, column: 'lead_time_unit', message: 'Must be one of days, weeks' },
      { row: 4, column: 'cost_per_unit', message: messages.decimalScale },
    ]);
  });

  it('takes 1 to 10,000 rows per request, dry run off by default', () => {
    expect(importBody.parse({ rows: [{ product_name: 'x' }] })).toEqual({
      rows: [{ product_name: 'x' }],
      dry_run: false,
    });
    expect(firstMessage(importBody.safeParse({ rows: [] }))).toBe(operationsMessages.importRowsRequired);
    expect(firstMessage(importBody.safeParse({}))).toBe(operationsMessages.importRowsRequired);
    const tooMany = Array.from({ length: 10_001 }, () => ({}));
    expect(firstMessage(importBody.safeParse({ rows: tooMany }))).toBe(operationsMessages.importRowsTooMany);
  });
});

describe('the contract converts to OpenAPI', () => {
  // The routes hand these to fastify-type-provider-zod: a schema it cannot describe fails the boot.
  const modules = { ...recordSchemas, ...orderSchemas, ...mrpSchemas, ...importSchemas };
  it.each(Object.entries(modules).filter(([, value]) => value instanceof z.ZodType))('%s', (_, schema) => {
    expect(() => z.toJSONSchema(schema as z.ZodType, { io: 'input' })).not.toThrow();
  });
  it('the recursive tree, as an answer', () => {
    expect(() => z.toJSONSchema(bomTree, { io: 'output' })).not.toThrow();
  });
});

describe('orderLineAmount', () => {
  it("is a line's quantity times its price, or null while either is not one the API takes", () => {
    expect(orderSchemas.orderLineAmount({ quantity: '12.5', unit_price: '4' })).toBe(50);
    expect(orderSchemas.orderLineAmount({ quantity: '3', unit_price: '' })).toBe(0);
    for (const quantity of ['0', '-1', '1e20', 'abc', '0.00001', '']) {
      expect(orderSchemas.orderLineAmount({ quantity, unit_price: '1' }), quantity).toBeNull();
    }
    expect(orderSchemas.orderLineAmount({ quantity: '1', unit_price: '-1' })).toBeNull();
  });
});
