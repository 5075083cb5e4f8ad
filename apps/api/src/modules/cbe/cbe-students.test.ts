import { randomUUID } from 'node:crypto';
import { messages } from '@workhub/shared/messages';
import { cbeMessages } from '@workhub/shared/schemas/cbe';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvBody } from '../../test/csv.ts';
import { useTestApp } from '../../test/helpers.ts';
import { newTenant, type Tenant } from '../../test/tenants.ts';
import { cbeCall, makeSchool, ok, type School } from './cbe-test-helpers.ts';

const t = useTestApp();
let tenant: Tenant;
let token: string;
let school: School;

beforeAll(async () => {
  tenant = await newTenant(t, 'cbe');
  token = tenant.owner.token;
  school = await makeSchool(t, token, { students: 4 });
});

const body = (overrides: Record<string, unknown> = {}) => ({
  admission_no: 'A-100',
  first_name: 'Wanjiku',
  last_name: 'Mwangi',
  class_id: school.classId,
  guardians: [
    { name: 'Jane Mwangi', phone: '+254722000000', email: 'Jane.Mwangi@Example.com' },
    { name: 'John Mwangi', phone: '', email: '' },
  ],
  ...overrides,
});

describe('students', () => {
  it('admits a student with guardians (e-mail in lower case, blanks as null), and edits them', async () => {
    const created = await ok(t, 'POST', '/api/cbe/students', token, body());
    expect(created).toMatchObject({
      admission_no: 'A-100',
      status: 'active',
      guardians: [
        { name: 'Jane Mwangi', phone: '+254722000000', email: 'jane.mwangi@example.com' },
        { name: 'John Mwangi', phone: null, email: null },
      ],
    });
    const edited = await ok(
      t,
      'PATCH',
      `/api/cbe/students/${created.id}`,
      token,
      body({ status: 'left', guardians: [] }),
    );
    expect(edited).toMatchObject({ status: 'left', guardians: [] });
    // A guardian's phone is a phone number (it was any text: 'abc' was saved and shown).
    const notPhone = await cbeCall(
      t,
      'POST',
      '/api/cbe/students',
      token,
      body({ admission_no: 'A-101', guardians: [{ name: 'Grace Otieno', phone: 'abc', email: '' }] }),
    );
    expect(notPhone.statusCode).toBe(400);
    expect(notPhone.json().error.fields).toEqual({ 'guardians.0.phone': messages.phoneInvalid });
    const taken = await cbeCall(t, 'POST', '/api/cbe/students', token, body({ admission_no: 'a-100' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ admission_no: cbeMessages.admissionTaken });
  });

  it('searches, filters and pages, and exports the same list as CSV', async () => {
    const page = await cbeCall(
      t,
      'GET',
      `/api/cbe/students?class_id=${school.classId}&status=active&limit=2&page=2`,
      token,
    );
    expect(page.json().meta).toEqual({ page: 2, limit: 2, total: 4 });
    expect(page.json().data).toHaveLength(2);
    const found = await cbeCall(t, 'GET', '/api/cbe/students?q=wanji', token);
    expect(found.json().data.map((s: { admission_no: string }) => s.admission_no)).toEqual(['A-100']);
    const csv = await cbeCall(
      t,
      'GET',
      `/api/cbe/students/export?class_id=${school.classId}&status=active`,
      token,
    );
    expect(csv.statusCode).toBe(200);
    const lines = csvBody(csv.body).trim().split('\r\n');
    expect(lines[0]).toBe('Admission no,First name,Last name,Class,Status,Guardians,Created at');
    expect(lines).toHaveLength(5);
  });

  it('refuses NUL bytes, too many guardians, a bad e-mail, a forged class and a huge page', async () => {
    const cases = [
      body({ admission_no: 'A\u0000B' }),
      body({ admission_no: 'A-101', guardians: Array.from({ length: 5 }, () => ({ name: 'G' })) }),
      body({ admission_no: 'A-102', guardians: [{ name: 'G', email: 'not-an-email' }] }),
      body({ admission_no: 'A-103', class_id: randomUUID() }),
      body({ admission_no: 'A-104', status: 'expelled' }),
    ];
    for (const payload of cases) {
      expect((await cbeCall(t, 'POST', '/api/cbe/students', token, payload)).statusCode).toBe(400);
    }
    expect((await cbeCall(t, 'GET', '/api/cbe/students?page=99999999999', token)).statusCode).toBe(400);
  });

  it("is a 404 for another school's student", async () => {
    const other = await newTenant(t, 'cbe');
    expect(
      (await cbeCall(t, 'GET', `/api/cbe/students/${school.studentIds[0]}`, other.owner.token)).statusCode,
    ).toBe(404);
    expect(
      (await cbeCall(t, 'PATCH', `/api/cbe/students/${school.studentIds[0]}`, other.owner.token, body()))
        .statusCode,
    ).toBe(404);
  });
});
