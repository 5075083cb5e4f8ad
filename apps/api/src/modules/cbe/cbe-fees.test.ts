import { randomUUID } from 'node:crypto';
import { cbeMessages } from '@workhub/shared/schemas/cbe';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvBody } from '../../test/csv.ts';
import { useTestApp } from '../../test/helpers.ts';
import { memberIn, newTenant, type Tenant } from '../../test/tenants.ts';
import { dayIn } from './cbe-settings.service.ts';
import { cbeCall, makeSchool, ok, type School } from './cbe-test-helpers.ts';

const t = useTestApp();
let tenant: Tenant;
let token: string;
let school: School;

beforeAll(async () => {
  tenant = await newTenant(t, 'cbe');
  token = tenant.owner.token;
  school = await makeSchool(t, token, { students: 3 });
  await ok(t, 'POST', '/api/cbe/fee-structures', token, {
    grade_id: school.gradeId,
    term_id: school.termId,
    amount: '15000.50',
    description: 'Tuition and lunch',
  });
});

const invoiceOf = async (studentId: string) =>
  (
    await ok<{ id: string; balance: string; paid: string }[]>(
      t,
      'GET',
      `/api/cbe/invoices?student_id=${studentId}`,
      token,
    )
  )[0];
/** A fee of `amount` for the school's grade and term, invoiced to its students: the first invoice. */
async function invoicedAt(owner: string, own: School, amount: string): Promise<{ id: string }> {
  await ok(t, 'POST', '/api/cbe/fee-structures', owner, {
    grade_id: own.gradeId,
    term_id: own.termId,
    amount,
  });
  await ok(t, 'POST', '/api/cbe/invoices/generate', owner, { class_id: own.classId, term_id: own.termId });
  const [invoice] = await ok<{ id: string }[]>(t, 'GET', '/api/cbe/invoices', owner);
  if (!invoice) throw new Error('no invoice');
  return invoice;
}

const pay = (invoiceId: string, amount: string | number, who = token) =>
  cbeCall(t, 'POST', '/api/cbe/payments', who, {
    invoice_id: invoiceId,
    amount,
    paid_on: '2026-01-20',
    method: 'mpesa',
  });

describe('fees', () => {
  it('generates one invoice per student of a class for a term, once', async () => {
    const first = await ok<{ created: number }>(t, 'POST', '/api/cbe/invoices/generate', token, {
      class_id: school.classId,
      term_id: school.termId,
    });
    expect(first.created).toBe(3);
    const again = await ok<{ created: number }>(t, 'POST', '/api/cbe/invoices/generate', token, {
      class_id: school.classId,
      term_id: school.termId,
    });
    expect(again.created).toBe(0);
    const invoice = await invoiceOf(school.studentIds[0] as string);
    expect(invoice).toMatchObject({ balance: '15000.5000', paid: '0.0000' });
    const twice = await cbeCall(t, 'POST', '/api/cbe/fee-structures', token, {
      grade_id: school.gradeId,
      term_id: school.termId,
      amount: 1,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('records payments up to the balance, then refuses more (409), with an exact statement and the arrears list', async () => {
    const [a, b] = school.studentIds as [string, string];
    const invoice = await invoiceOf(a);
    if (!invoice) throw new Error('no invoice');
    const first = await pay(invoice.id, '0.1');
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(cbeMessages.paymentRecorded);
    expect((await pay(invoice.id, '0.2')).statusCode).toBe(201);
    expect((await pay(invoice.id, '15000.2')).statusCode).toBe(201);
    const over = await pay(invoice.id, '0.01');
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(cbeMessages.overpaid);
    const statement = await ok<{
      balance: string;
      lines: { balance: string; kind: string; description: string }[];
    }>(t, 'GET', `/api/cbe/students/${a}/statement`, token);
    expect(statement.balance).toBe('0.0000');
    // Guardians read the method as the payment form labels it, not its code.
    expect(statement.lines[1]?.description).toBe('Payment (M-Pesa)');
    expect(statement.lines.map((l) => [l.kind, l.balance])).toEqual([
      ['invoice', '15000.5000'],
      ['payment', '15000.4000'],
      ['payment', '15000.2000'],
      ['payment', '0.0000'],
    ]);
    const arrears = await cbeCall(t, 'GET', '/api/cbe/arrears', token);
    const ids = arrears.json().data.map((r: { student_id: string }) => r.student_id);
    expect(ids).not.toContain(a);
    expect(ids).toContain(b);
    expect(arrears.json().meta.total).toBe(2);
    // A page of one still counts every student in arrears.
    const firstPage = await cbeCall(t, 'GET', '/api/cbe/arrears?limit=1', token);
    expect(firstPage.json().data).toHaveLength(1);
    expect(firstPage.json().meta.total).toBe(2);
    const secondPage = await cbeCall(t, 'GET', '/api/cbe/arrears?limit=1&page=2', token);
    expect(secondPage.json().data).toHaveLength(1);
    expect(secondPage.json().data[0].student_id).not.toBe(firstPage.json().data[0].student_id);
    expect(secondPage.json().meta.total).toBe(2);
    // Past the end: no row, and the total still counted.
    const pastTheEnd = await cbeCall(t, 'GET', '/api/cbe/arrears?limit=1&page=9', token);
    expect(pastTheEnd.json().data).toEqual([]);
    expect(pastTheEnd.json().meta.total).toBe(2);
    // A search that finds no one: nothing, and 0.
    const none = await cbeCall(t, 'GET', '/api/cbe/arrears?q=nobody-by-this-name', token);
    expect(none.json()).toMatchObject({ data: [], meta: { total: 0 } });
    const csv = await cbeCall(t, 'GET', '/api/cbe/arrears/export', token);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csvBody(csv.body).split('\r\n')[0]).toBe('Admission no,Student,Class,Invoiced,Paid,Balance');
  });

  it('two payments at once never make a balance wrong (the row lock)', async () => {
    const [, , c] = school.studentIds as [string, string, string];
    const invoice = await invoiceOf(c);
    if (!invoice) throw new Error('no invoice');
    // Each would fit alone; together they pass the amount: exactly one is taken.
    const answers = await Promise.all([pay(invoice.id, '9000'), pay(invoice.id, '9000')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await invoiceOf(c)).toMatchObject({ paid: '9000.0000', balance: '6000.5000' });
    // Many small ones at once: all fit, and all are counted.
    const many = await Promise.all(Array.from({ length: 6 }, () => pay(invoice.id, '1000')));
    expect(many.every((r) => r.statusCode === 201)).toBe(true);
    expect(await invoiceOf(c)).toMatchObject({ paid: '15000.0000', balance: '0.5000' });
    const statement = await ok<{ balance: string }>(t, 'GET', `/api/cbe/students/${c}/statement`, token);
    expect(statement.balance).toBe('0.5000');
  });

  it('refuses bad amounts, forged and foreign invoices, and lets a member (a teacher) neither read nor pay', async () => {
    const [, b] = school.studentIds as [string, string];
    const invoice = await invoiceOf(b);
    if (!invoice) throw new Error('no invoice');
    for (const amount of ['-5', '0', '1e999', '12345678901', 'abc', '1.00001']) {
      expect((await pay(invoice.id, amount)).statusCode, amount).toBe(400);
    }
    expect((await pay(randomUUID(), '5')).statusCode).toBe(400);
    const other = await newTenant(t, 'cbe');
    expect((await pay(invoice.id, '5', other.owner.token)).statusCode).toBe(400);
    expect((await cbeCall(t, 'GET', `/api/cbe/students/${b}/statement`, other.owner.token)).statusCode).toBe(
      404,
    );
    const member = await memberIn(t, tenant.workspace, 'member');
    expect((await pay(invoice.id, '5', member.token)).statusCode).toBe(403);
    // Fees are the administration's (cbe:fees): an admin reads them, a teacher not.
    expect((await cbeCall(t, 'GET', '/api/cbe/invoices?unpaid=true', member.token)).statusCode).toBe(403);
    const admin = await memberIn(t, tenant.workspace, 'admin');
    expect((await cbeCall(t, 'GET', '/api/cbe/invoices?unpaid=true', admin.token)).statusCode).toBe(200);
  });

  it('lists a student owing more than one invoice holds (numeric(14,4)) in the arrears, with the exact sums', async () => {
    const owner = (await newTenant(t, 'cbe')).owner.token;
    const own = await makeSchool(t, owner, { students: 1 });
    const second = await ok(t, 'POST', '/api/cbe/terms', owner, {
      year_id: own.yearId,
      name: 'Term 2',
      starts_on: '2026-05-04',
      ends_on: '2026-08-07',
    });
    for (const term_id of [own.termId, second.id]) {
      await ok(t, 'POST', '/api/cbe/fee-structures', owner, {
        grade_id: own.gradeId,
        term_id,
        amount: '9999999999.99',
      });
      await ok(t, 'POST', '/api/cbe/invoices/generate', owner, { class_id: own.classId, term_id });
    }
    const arrears = await cbeCall(t, 'GET', '/api/cbe/arrears', owner);
    expect(arrears.statusCode, arrears.body).toBe(200);
    expect(arrears.json().data).toMatchObject([
      { invoiced: '19999999999.9800', paid: '0.0000', balance: '19999999999.9800' },
    ]);
    const csv = await cbeCall(t, 'GET', '/api/cbe/arrears/export', owner);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('19999999999.9800');
  });

  it('refuses to invoice a class whose grade has no fee for the term', async () => {
    const term = await ok(t, 'POST', '/api/cbe/terms', token, {
      year_id: school.yearId,
      name: 'Term 2',
      starts_on: '2026-05-04',
      ends_on: '2026-08-07',
    });
    const response = await cbeCall(t, 'POST', '/api/cbe/invoices/generate', token, {
      class_id: school.classId,
      term_id: term.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(cbeMessages.noFeeStructure);
  });

  it('takes amounts of at most 2 decimals and at least 0.01, so the balance shown can always be paid', async () => {
    const owner = (await newTenant(t, 'cbe')).owner.token;
    const own = await makeSchool(t, owner, { students: 1 });
    const fee = await cbeCall(t, 'POST', '/api/cbe/fee-structures', owner, {
      grade_id: own.gradeId,
      term_id: own.termId,
      amount: '12500.505',
    });
    expect(fee.statusCode).toBe(400);
    expect(fee.json().error.fields).toEqual({ amount: cbeMessages.amountCents });
    const invoice = await invoicedAt(owner, own, '12500.50');
    const refused: [string | number, string][] = [
      ['1000.005', cbeMessages.amountCents],
      [1000.005, cbeMessages.amountCents],
      ['1.00001', cbeMessages.amountCents],
      ['0.0001', cbeMessages.amountMinimum],
      ['0.001', cbeMessages.amountMinimum],
      ['0', cbeMessages.amountMinimum],
    ];
    for (const [amount, message] of refused) {
      const response = await pay(invoice.id, amount, owner);
      expect(response.statusCode, String(amount)).toBe(400);
      expect(response.json().error.fields, String(amount)).toEqual({ amount: message });
    }
    // The figures a client echoes back (numeric(14,4) text) are whole cents: taken.
    expect((await pay(invoice.id, '1000.0100', owner)).statusCode).toBe(201);
    const shown = await ok<{ balance: string }[]>(t, 'GET', '/api/cbe/invoices', owner);
    expect(shown[0]?.balance).toBe('11500.4900');
    expect((await pay(invoice.id, '11500.49', owner)).statusCode).toBe(201);
    const cleared = await ok<{ balance: string; paid: string }[]>(t, 'GET', '/api/cbe/invoices', owner);
    expect(cleared[0]).toMatchObject({ paid: '12500.5000', balance: '0.0000' });
  });

  it("refuses a payment dated after the school's today (its time zone), and takes today's", async () => {
    const owner = (await newTenant(t, 'cbe')).owner.token;
    const own = await makeSchool(t, owner, { students: 1 });
    // UTC+14: its day begins before anyone else's, so a UTC "today" would be a day behind it.
    await ok(t, 'PUT', '/api/cbe/settings', owner, { time_zone: 'Pacific/Kiritimati' });
    const invoice = await invoicedAt(owner, own, '100');
    const today = dayIn(t.clock.now(), 'Pacific/Kiritimati');
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const paidOn = (paid_on: string) =>
      cbeCall(t, 'POST', '/api/cbe/payments', owner, { invoice_id: invoice.id, amount: '10', paid_on });
    for (const day of [tomorrow, '2031-01-01']) {
      const response = await paidOn(day);
      expect(response.statusCode, day).toBe(400);
      expect(response.json().error).toMatchObject({
        message: cbeMessages.paidOnFuture,
        fields: { paid_on: cbeMessages.paidOnFuture },
      });
    }
    expect((await ok<{ paid: string }[]>(t, 'GET', '/api/cbe/invoices', owner))[0]?.paid).toBe('0.0000');
    expect((await paidOn(today)).statusCode).toBe(201);
  });

  it('refuses a payment dated before 1 Jan 2000 (a typo such as 0001-01-01), and takes that day', async () => {
    const owner = (await newTenant(t, 'cbe')).owner.token;
    const own = await makeSchool(t, owner, { students: 1 });
    const invoice = await invoicedAt(owner, own, '100');
    const paidOn = (paid_on: string) =>
      cbeCall(t, 'POST', '/api/cbe/payments', owner, { invoice_id: invoice.id, amount: '10', paid_on });
    for (const day of ['0001-01-01', '1999-01-01', '1999-12-31']) {
      const response = await paidOn(day);
      expect(response.statusCode, day).toBe(400);
      // The body's schema refuses it (the form's too): the field says why.
      expect(response.json().error.fields, day).toEqual({ paid_on: cbeMessages.paidOnTooEarly });
    }
    expect((await ok<{ paid: string }[]>(t, 'GET', '/api/cbe/invoices', owner))[0]?.paid).toBe('0.0000');
    expect((await paidOn('2000-01-01')).statusCode).toBe(201);
  });
});
