import { cbeMessages, isCbeSchoolDay } from '@workhub/shared/schemas/cbe';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { memberIn, newTenant } from '../../test/tenants.ts';
import { dayIn } from './cbe-settings.service.ts';
import { cbeCall, ok, onSchoolDay, tag } from './cbe-test-helpers.ts';

const t = useTestApp();
const DAY_MS = 86_400_000;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * A school whose term holds today (a school day: onSchoolDay before the tenant): one class of
 * three students, two learning areas; the term began 4 days ago.
 */
async function schoolAroundToday(token: string) {
  const today = dayIn(t.clock.now(), 'Africa/Nairobi');
  const year = await ok(t, 'POST', '/api/cbe/years', token, {
    name: `Y ${tag()}`,
    starts_on: shift(today, -100),
    ends_on: shift(today, 100),
  });
  const term = await ok(t, 'POST', '/api/cbe/terms', token, {
    year_id: year.id,
    name: 'Now',
    starts_on: shift(today, -4),
    ends_on: shift(today, 30),
  });
  const grade = await ok(t, 'POST', '/api/cbe/grades', token, { name: 'Grade 6', level: 6 });
  const klass = await ok(t, 'POST', '/api/cbe/classes', token, { grade_id: grade.id, name: 'North' });
  const subs: string[] = [];
  for (const name of ['Maths', 'Kiswahili']) {
    const area = await ok(t, 'POST', '/api/cbe/learning-areas', token, { grade_id: grade.id, name });
    const strand = await ok(t, 'POST', '/api/cbe/strands', token, { learning_area_id: area.id, name: 'S' });
    subs.push((await ok(t, 'POST', '/api/cbe/sub-strands', token, { strand_id: strand.id, name: 'SS' })).id);
  }
  const students: string[] = [];
  for (const name of ['Asha', 'Bakari', 'Cyrus']) {
    students.push(
      (
        await ok(t, 'POST', '/api/cbe/students', token, {
          admission_no: `${name}-${tag()}`,
          first_name: name,
          last_name: 'Test',
          class_id: klass.id,
        })
      ).id,
    );
  }
  return {
    today,
    yearId: year.id as string,
    termId: term.id as string,
    gradeId: grade.id as string,
    classId: klass.id as string,
    subs,
    students,
  };
}

describe('the CBE dashboard', () => {
  it('is empty for a new school, then every figure comes from the records', async () => {
    // The register is marked today: a school day.
    onSchoolDay(t);
    const { owner } = await newTenant(t, 'cbe');
    const empty = await ok<{ empty: boolean; attendance: unknown[] }>(
      t,
      'GET',
      '/api/cbe/dashboard',
      owner.token,
    );
    expect(empty).toMatchObject({ empty: true, has_sample: false, term: null, attendance: [], levels: [] });

    const s = await schoolAroundToday(owner.token);
    const [a, b, c] = s.students as [string, string, string];
    const register = (day: string, marks: [string, string][]) =>
      ok(t, 'PUT', `/api/cbe/classes/${s.classId}/register`, owner.token, {
        date: day,
        marks: marks.map(([student_id, mark]) => ({ student_id, mark })),
      });
    await register(s.today, [
      [a, 'present'],
      [b, 'late'],
      [c, 'absent'],
    ]);
    // The school day before today (a Friday before a Monday): within the term, which began 4 days ago.
    const schoolDayBefore = (day: string) => {
      let before = shift(day, -1);
      while (!isCbeSchoolDay(before)) before = shift(before, -1);
      return before;
    };
    await register(schoolDayBefore(s.today), [
      [a, 'present'],
      [b, 'present'],
      [c, 'present'],
    ]);
    // Another term's invoices, paid in full today: neither this term's collection nor arrears.
    const before = await ok(t, 'POST', '/api/cbe/terms', owner.token, {
      year_id: s.yearId,
      name: 'Before',
      starts_on: shift(s.today, -60),
      ends_on: shift(s.today, -31),
    });
    // Before the term (in the one before it): not in the term's rate.
    await register(schoolDayBefore(shift(s.today, -31)), [[a, 'absent']]);
    const gradebook = async (sub: string, levels: [string, string][]) => {
      const areaOf = await ok<{ id: string; learning_area_id: string }[]>(
        t,
        'GET',
        '/api/cbe/strands',
        owner.token,
      );
      const subs = await ok<{ id: string; strand_id: string }[]>(
        t,
        'GET',
        '/api/cbe/sub-strands',
        owner.token,
      );
      const strand = subs.find((x) => x.id === sub)?.strand_id;
      const area = areaOf.find((x) => x.id === strand)?.learning_area_id;
      await ok(t, 'PUT', `/api/cbe/classes/${s.classId}/gradebook`, owner.token, {
        learning_area_id: area,
        term_id: s.termId,
        entries: levels.map(([student_id, level]) => ({ student_id, sub_strand_id: sub, level })),
      });
    };
    const [maths, kiswahili] = s.subs as [string, string];
    await gradebook(maths, [
      [a, 'exceeding'],
      [b, 'below'],
      [c, 'below'],
    ]);
    await gradebook(kiswahili, [
      [a, 'meeting'],
      [b, 'below'],
      [c, 'approaching'],
    ]);
    await ok(t, 'POST', '/api/cbe/fee-structures', owner.token, {
      grade_id: s.gradeId,
      term_id: s.termId,
      amount: 1000,
    });
    await ok(t, 'POST', '/api/cbe/invoices/generate', owner.token, {
      class_id: s.classId,
      term_id: s.termId,
    });
    const invoices = await ok<{ id: string; student_id: string }[]>(
      t,
      'GET',
      '/api/cbe/invoices',
      owner.token,
    );
    const invoiceOf = (student: string) => invoices.find((i) => i.student_id === student)?.id;
    await ok(t, 'POST', '/api/cbe/payments', owner.token, {
      invoice_id: invoiceOf(a),
      amount: 1000,
      paid_on: shift(s.today, -1),
    });
    await ok(t, 'POST', '/api/cbe/payments', owner.token, {
      invoice_id: invoiceOf(b),
      amount: 250.5,
      paid_on: s.today,
    });

    await ok(t, 'POST', '/api/cbe/fee-structures', owner.token, {
      grade_id: s.gradeId,
      term_id: before.id,
      amount: 400,
    });
    await ok(t, 'POST', '/api/cbe/invoices/generate', owner.token, {
      class_id: s.classId,
      term_id: before.id,
    });
    const earlier = await ok<{ id: string; term_id: string }[]>(
      t,
      'GET',
      `/api/cbe/invoices?term_id=${before.id}`,
      owner.token,
    );
    expect(earlier.length).toBe(3);
    for (const invoice of earlier) {
      await ok(t, 'POST', '/api/cbe/payments', owner.token, {
        invoice_id: invoice.id,
        amount: 400,
        paid_on: s.today,
      });
    }

    const figures = await ok<Record<string, unknown>>(t, 'GET', '/api/cbe/dashboard', owner.token);
    expect(figures).toMatchObject({
      empty: false,
      today: s.today,
      term: { id: s.termId, name: 'Now' },
      attendance: [{ class_id: s.classId, class_name: 'Grade 6 North', today_rate: 66.7, term_rate: 83.3 }],
      levels: [
        { learning_area: 'Kiswahili (Grade 6)', exceeding: 0, meeting: 1, approaching: 1, below: 1 },
        { learning_area: 'Maths (Grade 6)', exceeding: 1, meeting: 0, approaching: 0, below: 2 },
      ],
      struggling: [{ student_id: b, name: 'Bakari Test', class_name: 'Grade 6 North', areas: 2 }],
      arrears: { students: 2, total: '1749.5000' },
    });
    const collection = figures.collection as { date: string; expected: string; collected: string }[];
    expect(collection.map((p) => p.date)).toEqual([-4, -3, -2, -1, 0].map((days) => shift(s.today, days)));
    expect(collection.map((p) => [p.expected, p.collected])).toEqual([
      ['3000.0000', '0.0000'],
      ['3000.0000', '0.0000'],
      ['3000.0000', '0.0000'],
      ['3000.0000', '1000.0000'],
      ['3000.0000', '1250.5000'],
    ]);
  });

  it('lists among those below expectation only students still at the school (one who left is not)', async () => {
    const { owner } = await newTenant(t, 'cbe');
    const s = await schoolAroundToday(owner.token);
    const [a] = s.students as [string];
    const areas = await ok<{ id: string; name: string }[]>(
      t,
      'GET',
      `/api/cbe/learning-areas?grade_id=${s.gradeId}`,
      owner.token,
    );
    // schoolAroundToday made Maths' sub-strand first, then Kiswahili's.
    for (const [index, name] of ['Maths', 'Kiswahili'].entries()) {
      await ok(t, 'PUT', `/api/cbe/classes/${s.classId}/gradebook`, owner.token, {
        learning_area_id: areas.find((area) => area.name === name)?.id,
        term_id: s.termId,
        entries: [{ student_id: a, sub_strand_id: s.subs[index], level: 'below' }],
      });
    }
    const struggling = async () =>
      (await ok<{ struggling: { student_id: string }[] }>(t, 'GET', '/api/cbe/dashboard', owner.token))
        .struggling;
    expect((await struggling()).map((x) => x.student_id)).toEqual([a]);
    const student = await ok<Record<string, unknown>>(t, 'GET', `/api/cbe/students/${a}`, owner.token);
    await ok(t, 'PATCH', `/api/cbe/students/${a}`, owner.token, {
      admission_no: student.admission_no,
      first_name: student.first_name,
      last_name: student.last_name,
      class_id: s.classId,
      status: 'left',
      guardians: [],
    });
    expect(await struggling()).toEqual([]);
  });

  it('takes the term that holds today, else the latest begun, else the latest to come', async () => {
    const { owner } = await newTenant(t, 'cbe');
    const today = dayIn(t.clock.now(), 'Africa/Nairobi');
    const year = await ok(t, 'POST', '/api/cbe/years', owner.token, {
      name: `Y ${tag()}`,
      starts_on: shift(today, -300),
      ends_on: shift(today, 300),
    });
    const term = (name: string, from: number, to: number) =>
      ok(t, 'POST', '/api/cbe/terms', owner.token, {
        year_id: year.id,
        name,
        starts_on: shift(today, from),
        ends_on: shift(today, to),
      });
    const terms = {
      older: await term('Older', -200, -150),
      past: await term('Past', -100, -50),
      now: await term('Now', -10, 10),
      next: await term('Next', 50, 100),
      later: await term('Later', 150, 200),
    };
    const current = async () =>
      (await ok<{ term: { name: string } | null }>(t, 'GET', '/api/cbe/dashboard', owner.token)).term?.name;
    expect(await current()).toBe('Now');
    for (const [gone, expected] of [
      ['now', 'Past'],
      ['past', 'Older'],
      ['older', 'Later'],
    ] as const) {
      await cbeCall(t, 'DELETE', `/api/cbe/terms/${terms[gone].id}`, owner.token);
      expect(await current()).toBe(expected);
    }
  });

  it("adds up a school's fees past what one invoice holds (numeric(14,4)): a large school's arrears and collection", async () => {
    // Three invoices at the largest fee a structure takes: their sum has 11 digits before the point.
    const { owner } = await newTenant(t, 'cbe');
    const s = await schoolAroundToday(owner.token);
    await ok(t, 'POST', '/api/cbe/fee-structures', owner.token, {
      grade_id: s.gradeId,
      term_id: s.termId,
      amount: '9999999999.99',
    });
    await ok(t, 'POST', '/api/cbe/invoices/generate', owner.token, {
      class_id: s.classId,
      term_id: s.termId,
    });
    const response = await cbeCall(t, 'GET', '/api/cbe/dashboard', owner.token);
    expect(response.statusCode, response.body).toBe(200);
    const figures = response.json().data as {
      collection: { expected: string; collected: string }[];
      arrears: { students: number; total: string };
    };
    expect(figures.arrears).toEqual({ students: 3, total: '29999999999.9700' });
    expect(figures.collection.at(-1)).toMatchObject({ expected: '29999999999.9700', collected: '0.0000' });
  });

  it("answers the fee figures to the school's administration only (cbe:fees): a teacher gets none", async () => {
    const tenant = await newTenant(t, 'cbe');
    expect((await cbeCall(t, 'POST', '/api/cbe/sample-data', tenant.owner.token)).statusCode).toBe(201);
    const admin = await memberIn(t, tenant.workspace, 'admin');
    for (const token of [tenant.owner.token, admin.token]) {
      const figures = await ok<{ collection: unknown[] | null; arrears: { students: number } | null }>(
        t,
        'GET',
        '/api/cbe/dashboard',
        token,
      );
      expect(figures.arrears?.students).toBeGreaterThan(0);
      expect(figures.collection?.length).toBeGreaterThan(0);
    }
    for (const role of ['member', 'worker'] as const) {
      const teacher = await memberIn(t, tenant.workspace, role);
      const figures = await ok<Record<string, unknown>>(t, 'GET', '/api/cbe/dashboard', teacher.token);
      // The rest of the school's figures, but no money owed or collected.
      expect(figures).toMatchObject({ empty: false, collection: null, arrears: null });
      expect((figures.attendance as unknown[]).length).toBe(3);
    }
  });

  it('loads a realistic month of sample data into an empty school only, and clears exactly it', async () => {
    const tenant = await newTenant(t, 'cbe');
    const token = tenant.owner.token;
    const loaded = await cbeCall(t, 'POST', '/api/cbe/sample-data', token);
    expect(loaded.statusCode, loaded.body).toBe(201);
    expect(loaded.json().data).toMatchObject({ students: 24 });
    expect(loaded.json().data.attendance).toBeGreaterThan(24 * 15);
    const figures = await ok<{
      empty: boolean;
      has_sample: boolean;
      attendance: { today_rate: number | null; term_rate: number | null }[];
      levels: unknown[];
      struggling: unknown[];
      collection: { expected: string; collected: string }[] | null;
      arrears: { students: number } | null;
    }>(t, 'GET', '/api/cbe/dashboard', token);
    expect(figures.empty).toBe(false);
    expect(figures.has_sample).toBe(true);
    expect(figures.attendance).toHaveLength(3);
    expect(figures.attendance.every((a) => a.term_rate !== null && a.term_rate > 70)).toBe(true);
    expect(figures.levels).toHaveLength(6);
    expect(figures.struggling.length).toBeGreaterThan(0);
    expect(figures.arrears?.students).toBeGreaterThan(0);
    const last = figures.collection?.at(-1);
    expect(Number(last?.collected)).toBeGreaterThan(0);
    expect(Number(last?.collected)).toBeLessThan(Number(last?.expected));
    // Sample invoices hold the sum of their payments.
    const statement = await ok<{ lines: unknown[] }>(
      t,
      'GET',
      `/api/cbe/students/${(await ok<{ id: string }[]>(t, 'GET', '/api/cbe/students?q=S-1001', token))[0]?.id}/statement`,
      token,
    );
    expect(statement.lines.length).toBeGreaterThan(1);

    expect((await cbeCall(t, 'POST', '/api/cbe/sample-data', token)).statusCode).toBe(409);
    // A record of the user's own survives the clearing.
    const mine = await ok(t, 'POST', '/api/cbe/grades', token, { name: 'My own grade', level: 9 });
    const worker = await memberIn(t, tenant.workspace, 'worker');
    expect((await cbeCall(t, 'DELETE', '/api/cbe/sample-data', worker.token)).statusCode).toBe(403);
    // A class of the user's own in a sample grade holds the sample up: 409, nothing deleted.
    const sampleGrade = (
      await ok<{ id: string; name: string }[]>(t, 'GET', '/api/cbe/grades?q=Grade 4', token)
    )[0];
    const own = await ok(t, 'POST', '/api/cbe/classes', token, { grade_id: sampleGrade?.id, name: 'Mine' });
    const held = await cbeCall(t, 'DELETE', '/api/cbe/sample-data', token);
    expect(held.statusCode).toBe(409);
    expect(held.json().error.message).toBe(cbeMessages.sampleInUse);
    expect((await cbeCall(t, 'GET', '/api/cbe/students', token)).json().meta.total).toBe(24);
    await ok(t, 'PATCH', `/api/cbe/classes/${own.id}`, token, { grade_id: mine.id, name: 'Mine' });
    const cleared = await ok<{ removed: number }>(t, 'DELETE', '/api/cbe/sample-data', token);
    expect(cleared.removed).toBeGreaterThan(500);
    const grades = await ok<{ id: string }[]>(t, 'GET', '/api/cbe/grades', token);
    expect(grades.map((g) => g.id)).toEqual([mine.id]);
    expect((await ok<{ id: string }[]>(t, 'GET', '/api/cbe/classes', token)).map((c) => c.id)).toEqual([
      own.id,
    ]);
    expect((await cbeCall(t, 'GET', '/api/cbe/students', token)).json().meta.total).toBe(0);
    const after = await ok<{ has_sample: boolean; empty: boolean }>(t, 'GET', '/api/cbe/dashboard', token);
    expect(after).toMatchObject({ has_sample: false, empty: false });
  });
});

describe("the school's time zone", () => {
  it('defaults to Africa/Nairobi, takes a known zone, refuses an unknown one, and moves the dashboard day', async () => {
    const { owner } = await newTenant(t, 'cbe');
    expect(await ok(t, 'GET', '/api/cbe/settings', owner.token)).toEqual({
      time_zone: 'Africa/Nairobi',
      today: dayIn(t.clock.now(), 'Africa/Nairobi'),
      updated_at: expect.any(String),
    });
    for (const time_zone of ['Mars/Olympus', '', 'Africa/\u0000Nairobi']) {
      expect((await cbeCall(t, 'PUT', '/api/cbe/settings', owner.token, { time_zone })).statusCode).toBe(400);
    }
    expect(await ok(t, 'PUT', '/api/cbe/settings', owner.token, { time_zone: 'Pacific/Kiritimati' })).toEqual(
      {
        time_zone: 'Pacific/Kiritimati',
        today: dayIn(t.clock.now(), 'Pacific/Kiritimati'),
        updated_at: expect.any(String),
      },
    );
    const figures = await ok<{ today: string }>(t, 'GET', '/api/cbe/dashboard', owner.token);
    expect(figures.today).toBe(dayIn(t.clock.now(), 'Pacific/Kiritimati'));
  });
});
