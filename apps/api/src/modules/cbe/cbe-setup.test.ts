import { randomUUID } from 'node:crypto';
import { cbeMessages } from '@workhub/shared/schemas/cbe';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { memberIn, newTenant, type Tenant } from '../../test/tenants.ts';
import { cbeCall, makeSchool, ok, type School, tag } from './cbe-test-helpers.ts';

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

  it('refuses a term that overlaps another of its year (409), on create and edit, never counting the term itself', async () => {
    const { owner: ownerCaller, workspace } = await newTenant(t, 'cbe');
    const owner = ownerCaller.token;
    const own = await makeSchool(t, owner, { students: 0 }); // Term 1: 2026-01-05 to 2026-04-03
    const term = (name: string, starts_on: string, ends_on: string, year_id = own.yearId) =>
      cbeCall(t, 'POST', '/api/cbe/terms', owner, { year_id, name, starts_on, ends_on });
    const overlaps = (response: { statusCode: number; json: () => { error: object } }) => {
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        message: cbeMessages.termOverlap,
        fields: { starts_on: cbeMessages.termOverlap },
      });
    };
    overlaps(await term('Inside', '2026-02-01', '2026-02-28'));
    overlaps(await term('Around', '2026-01-01', '2026-05-01'));
    overlaps(await term('Same last day', '2026-04-03', '2026-06-30'));
    const second = await term('Term 2', '2026-04-04', '2026-07-31');
    expect(second.statusCode, second.body).toBe(201);
    // Another year's terms are not in the way.
    const year = await ok(t, 'POST', '/api/cbe/years', owner, {
      name: `Calendar ${tag()}`,
      starts_on: '2026-01-01',
      ends_on: '2026-12-31',
    });
    expect((await term('Term 1', '2026-01-05', '2026-04-03', year.id)).statusCode).toBe(201);
    // An edit keeps its own dates, or moves within its room; it cannot move onto a neighbour.
    const edit = (id: string, name: string, starts_on: string, ends_on: string) =>
      cbeCall(t, 'PATCH', `/api/cbe/terms/${id}`, owner, { year_id: own.yearId, name, starts_on, ends_on });
    expect((await edit(own.termId, 'Term 1', '2026-01-05', '2026-04-03')).statusCode).toBe(200);
    expect((await edit(own.termId, 'Term 1', '2026-01-06', '2026-04-02')).statusCode).toBe(200);
    overlaps(await edit(own.termId, 'Term 1', '2026-01-06', '2026-04-10'));
    overlaps(await edit(second.json().data.id, 'Term 2', '2026-03-01', '2026-07-31'));
    // Several at once, each clear of the year's terms but not of the others: one is taken (the
    // year's row lock; without it each checked before any other had written).
    const racing = await Promise.all(
      ['a', 'b', 'c', 'd'].map((x, i) => term(`Term 3${x}`, `2026-09-0${i + 1}`, `2026-12-1${i}`)),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const terms = await ok<{ name: string }[]>(t, 'GET', `/api/cbe/terms?year_id=${own.yearId}`, owner);
    expect(terms.map((x) => x.name).filter((name) => name.startsWith('Term 3'))).toHaveLength(1);

    // The race made certain: another writer holds the year's lock and has written an overlapping
    // term it has not committed yet. The request waits for the lock, then sees that term (409);
    // a check that did not wait would read past the uncommitted row and write a second term.
    let locked!: () => void;
    let release!: () => void;
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writer = t.db.db.transaction(async (tx) => {
      await tx.execute(sql`select id from cbe_years where id = ${own.yearId} for update`);
      await tx.execute(sql`
        insert into cbe_terms (account_id, workspace_id, year_id, name, starts_on, ends_on)
        values (${workspace.account_id}, ${workspace.workspace_id}, ${own.yearId}, 'Term 4 (elsewhere)',
          '2026-12-20', '2026-12-24')`);
      locked();
      await released;
    });
    await holding;
    const waiting = term('Term 4', '2026-12-16', '2026-12-31');
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await writer;
    overlaps(await waiting);
  });

  it("refuses to move a year's dates off one of its terms (409), and takes dates that still hold them", async () => {
    const owner = (await newTenant(t, 'cbe')).owner.token;
    const own = await makeSchool(t, owner, { students: 0 }); // 2026; Term 1: 2026-01-05 to 2026-04-03
    const edit = (starts_on: string, ends_on: string) =>
      cbeCall(t, 'PATCH', `/api/cbe/years/${own.yearId}`, owner, { name: '2026', starts_on, ends_on });
    for (const [starts_on, ends_on] of [
      ['2026-02-01', '2026-12-31'],
      ['2025-09-01', '2026-03-31'],
      ['2027-01-01', '2027-12-31'],
    ] as const) {
      const refused = await edit(starts_on, ends_on);
      expect(refused.statusCode, `${starts_on} ${ends_on}: ${refused.body}`).toBe(409);
      expect(refused.json().error).toMatchObject({
        message: cbeMessages.yearOffItsTerms,
        fields: { starts_on: cbeMessages.yearOffItsTerms },
      });
    }
    const year = await ok<{ starts_on: string; ends_on: string }[]>(t, 'GET', '/api/cbe/years', owner);
    expect(year[0]).toMatchObject({ starts_on: '2026-01-01', ends_on: '2026-12-31' });
    // The term's own first and last days are dates enough.
    const fits = await edit('2026-01-05', '2026-04-03');
    expect(fits.statusCode, fits.body).toBe(200);
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
