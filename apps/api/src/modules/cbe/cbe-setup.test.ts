import { randomUUID } from 'node:crypto';
import { cbeMessages } from '@workhub/shared/schemas/cbe';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { memberIn, newTenant, type Tenant } from '../../test/tenants.ts';
import { cbeCall, makeSchool, ok, type School } from './cbe-test-helpers.ts';

const t = useTestApp();
let tenant: Tenant;
let token: string;
let school: School;

beforeAll(async () => {
  tenant = await newTenant(t, 'cbe');
  token = tenant.owner.token;
  school = await makeSchool(t, token, { students: 0 });
});

describe('the school set-up', () => {
  it('lists what it made, with the names it joins, and searches by name', async () => {
    const classes = await cbeCall(t, 'GET', `/api/cbe/classes?grade_id=${school.gradeId}`, token);
    expect(classes.json().data).toMatchObject([{ id: school.classId, name: 'East', student_count: 0 }]);
    const terms = await cbeCall(t, 'GET', '/api/cbe/terms?q=term', token);
    expect(terms.json().data[0]).toMatchObject({ id: school.termId, starts_on: '2026-01-05' });
    const none = await cbeCall(t, 'GET', '/api/cbe/grades?q=nothing-like-it', token);
    expect(none.json()).toMatchObject({ data: [], meta: { total: 0, page: 1 } });
  });

  it('refuses a term outside its year, dates out of order, and a duplicate name (any case)', async () => {
    const outside = await cbeCall(t, 'POST', '/api/cbe/terms', token, {
      year_id: school.yearId,
      name: 'Term 9',
      starts_on: '2025-12-01',
      ends_on: '2026-02-01',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.message).toBe(cbeMessages.termOutsideYear);
    const reversed = await cbeCall(t, 'POST', '/api/cbe/years', token, {
      name: 'Backwards',
      starts_on: '2030-02-01',
      ends_on: '2030-01-01',
    });
    expect(reversed.statusCode).toBe(400);
    const twice = await cbeCall(t, 'POST', '/api/cbe/terms', token, {
      year_id: school.yearId,
      name: 'TERM 1',
      starts_on: '2026-05-01',
      ends_on: '2026-06-01',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('answers 400 for NUL bytes, huge numbers, impossible dates and forged ids', async () => {
    const bad = [
      ['/api/cbe/grades', { name: 'Grade\u0000 9', level: 1 }],
      ['/api/cbe/grades', { name: 'Grade 10', level: 2 ** 31 }],
      ['/api/cbe/years', { name: 'Leap', starts_on: '2027-02-30', ends_on: '2027-12-31' }],
      ['/api/cbe/classes', { grade_id: randomUUID(), name: 'West' }],
      ['/api/cbe/classes', { grade_id: 'not-an-id', name: 'West' }],
      ['/api/cbe/strands', { learning_area_id: randomUUID(), name: 'Forged' }],
    ] as const;
    for (const [url, body] of bad) {
      const response = await cbeCall(t, 'POST', url, token, body);
      expect(response.statusCode, `${url} ${response.body}`).toBe(400);
    }
    const long = await cbeCall(t, 'GET', `/api/cbe/students?limit=${2 ** 40}`, token);
    expect(long.statusCode).toBe(400);
  });

  it("answers 404 for another school's records, and 400 when a body names one", async () => {
    const other = await newTenant(t, 'cbe');
    const theirs = await makeSchool(t, other.owner.token, { students: 0 });
    const patch = await cbeCall(t, 'PATCH', `/api/cbe/classes/${theirs.classId}`, token, {
      grade_id: school.gradeId,
      name: 'Taken over',
    });
    expect(patch.statusCode).toBe(404);
    const named = await cbeCall(t, 'POST', '/api/cbe/classes', token, {
      grade_id: theirs.gradeId,
      name: 'Theirs',
    });
    expect(named.statusCode).toBe(400);
    expect(named.json().error.fields).toEqual({ grade_id: cbeMessages.unknownRecord });
  });

  it('makes teachers of active members only, once, and names a class teacher', async () => {
    const member = await memberIn(t, tenant.workspace, 'member');
    const customer = await memberIn(t, tenant.workspace, 'customer');
    const teacher = await ok(t, 'POST', '/api/cbe/teachers', token, { user_id: member.userId });
    expect(teacher).toMatchObject({ user_id: member.userId, email: member.email });
    expect(
      (await cbeCall(t, 'POST', '/api/cbe/teachers', token, { user_id: member.userId })).statusCode,
    ).toBe(409);
    expect(
      (await cbeCall(t, 'POST', '/api/cbe/teachers', token, { user_id: customer.userId })).statusCode,
    ).toBe(400);
    const klass = await ok(t, 'PATCH', `/api/cbe/classes/${school.classId}`, token, {
      grade_id: school.gradeId,
      name: 'East',
      teacher_id: teacher.id,
    });
    expect(klass).toMatchObject({ teacher_id: teacher.id, teacher_name: 'Member Tester' });
  });
});
