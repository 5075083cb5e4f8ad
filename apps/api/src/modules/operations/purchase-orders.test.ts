import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { errorOf, useTestApp } from '../../test/helpers.ts';
import { call, daysFromNow } from '../../test/work.ts';
import { createOrder, opsTenant, purchaseBody, stepOrder, stockOf } from './orders-test-helpers.ts';

const t = useTestApp();
const PO = '/api/purchase-orders';

describe('purchase orders', () => {
  it('creates a draft with its lines, numbered PO-00001, PO-00002 in the workspace', async () => {
    const { token, spoke, wheel } = await opsTenant(t);
    const first = await call(
      t,
      'POST',
      PO,
      token,
      purchaseBody(t, [
        { product_id: spoke, quantity: '40', unit_price: '0.25' },
        { product_id: wheel, quantity: 2.5, unit_price: 12, due_date: daysFromNow(t, 20) },
      ]),
    );
    expect(first.statusCode, first.body).toBe(201);
    const { message, data } = first.json();
    expect(message).toBe(messages.orderCreated);
    expect(data).toMatchObject({
      number: 1,
      number_label: 'PO-00001',
      supplier_name: 'Acme Parts',
      status: 'draft',
      total: '40.0000',
      line_count: 2,
      late: false,
      received_at: null,
    });
    expect(data.lines).toMatchObject([
      {
        position: 1,
        product_id: spoke,
        quantity: '40.0000',
        unit_price: '0.2500',
        line_total: '10.0000',
        due_date: daysFromNow(t, 14),
        received_qty: '0.0000',
        mrp_proposal_id: null,
      },
      {
        position: 2,
        product_id: wheel,
        quantity: '2.5000',
        line_total: '30.0000',
        due_date: daysFromNow(t, 20),
      },
    ]);
    const second = await createOrder(t, token, PO, purchaseBody(t, [{ product_id: spoke, quantity: 1 }]));
    expect(second.number).toBe(2);
  });

  it('receives partly then fully, adding stock with a receipt per line', async () => {
    const { token, spoke, where } = await opsTenant(t);
    const order = await createOrder(t, token, PO, purchaseBody(t, [{ product_id: spoke, quantity: 10 }]));
    const line = order.lines[0]?.id ?? '';
    expect((await stepOrder(t, token, PO, order.id, 'confirm')).statusCode).toBe(200);
    const part = await stepOrder(t, token, PO, order.id, 'receive', {
      lines: [{ line_id: line, quantity: 4 }],
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data).toMatchObject({ status: 'confirmed', lines: [{ received_qty: '4.0000' }] });
    expect(await stockOf(t, where, spoke)).toBe('4.0000');
    const tooMuch = await stepOrder(t, token, PO, order.id, 'receive', {
      lines: [{ line_id: line, quantity: 7 }],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(errorOf(tooMuch).error.fields).toEqual({
      'lines.0.quantity': expect.stringContaining('Only 6 of'),
    });
    const rest = await stepOrder(t, token, PO, order.id, 'receive');
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data).toMatchObject({ status: 'received', lines: [{ received_qty: '10.0000' }] });
    expect(await stockOf(t, where, spoke)).toBe('10.0000');
  });
});
