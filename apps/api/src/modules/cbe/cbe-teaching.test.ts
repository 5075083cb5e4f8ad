import { randomUUID } from 'node:crypto';
import { cbeMessages } from '@workhub/shared/schemas/cbe';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { pdfLines, pdfTextLines } from '../../test/pdf-text.ts';
import { memberIn, newTenant, type Tenant } from '../../test/tenants.ts';
import { dayIn } from './cbe-settings.service.ts';
import {
  cbeCall,
  mailsOf,
  makeSchool,
  ok,
  onSchoolDay,
  type School,
  shiftDay,
  tag,
  termAround,
} from './cbe-test-helpers.ts';

const t = useTestApp();
let tenant: Tenant;
let token: string;
let school: School;
let guardian: string;

beforeAll(async () => {
  tenant = await newTenant(t, 'cbe');
  token = tenant.owner.token;
  guardian = `guardian-${tag()}@example.com`;
  school = await makeSchool(t, token, { students: 3, guardianEmail: guardian });
});

const registerOf = (day: string) =>
  cbeCall(t, 'GET', `/api/cbe/classes/${school.classId}/register?date=${day}`, token);
const mark = (day: string, marks: object[], who = token) =>
  cbeCall(t, 'PUT', `/api/cbe/classes/${school.classId}/register`, who, { date: day, marks });

describe('the class register', () => {
  it('lists every active student unmarked, then their marks, in one idempotent request', async () => {
    const empty = (await registerOf('2026-02-02')).json().data;
    expect(empty.students).toHaveLength(3);
    expect(empty.students.every((s: { mark: unknown }) => s.mark === null)).toBe(true);
    const [a, b, c] = school.studentIds as [string, string, string];
    const marks = [
      { student_id: a, mark: 'present' },
      { student_id: b, mark: 'late', reason: 'Bus broke down' },
      { student_id: c, mark: 'present', reason: 'ignored for present' },
    ];
    const first = await mark('2026-02-02', marks);
    expect(first.statusCode, first.body).toBe(200);
    const again = await mark('2026-02-02', marks);
    expect(again.json().data).toEqual(first.json().data);
    const byId = Object.fromEntries(
      again.json().data.students.map((s: { student_id: string }) => [s.student_id, s]),
    );
    expect(byId[b]).toMatchObject({ mark: 'late', reason: 'Bus broke down' });
    expect(byId[c]).toMatchObject({ mark: 'present', reason: null });
  });

  it("mails an absent student's guardians once per day, never twice", async () => {
    const [a] = school.studentIds as [string];
    const day = '2026-02-03';
    expect(await mailsOf(t, guardian)).toHaveLength(0);
    await mark(day, [{ student_id: a, mark: 'absent', reason: 'Sick' }]);
    await mark(day, [{ student_id: a, mark: 'absent', reason: 'Sick (flu)' }]);
    await mark(day, [{ student_id: a, mark: 'present' }]);
    await mark(day, [{ student_id: a, mark: 'absent' }]);
    // Two at once: the row lock lets one of them notify, if any still could.
    await Promise.all([1, 2].map(() => mark(day, [{ student_id: a, mark: 'absent' }])));
    const mails = await mailsOf(t, guardian);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Amani Kamau was absent on Tuesday 3 February 2026');
    expect(mails[0]?.text).toContain('was marked absent at');
    expect(mails[0]?.text).toContain('Reason recorded: Sick');
    expect(
      (await registerOf(day)).json().data.students.find((s: { student_id: string }) => s.student_id === a),
    ).toMatchObject({
      notified: true,
    });
    // Another day is another notice.
    await mark('2026-02-04', [{ student_id: a, mark: 'absent' }]);
    expect(await mailsOf(t, guardian)).toHaveLength(2);
  });

  it('refuses a student of another class or tenant, a repeated student, a bad mark and a bad date', async () => {
    const [a] = school.studentIds as [string];
    const other = await newTenant(t, 'cbe');
    const theirs = await makeSchool(t, other.owner.token, { students: 1 });
    const cases = [
      [{ student_id: theirs.studentIds[0], mark: 'present' }],
      [{ student_id: randomUUID(), mark: 'present' }],
      [
        { student_id: a, mark: 'present' },
        { student_id: a, mark: 'late' },
      ],
      [{ student_id: a, mark: 'sleeping' }],
      [{ student_id: a, mark: 'late', reason: 'x\u0000y' }],
    ];
    for (const marks of cases) expect((await mark('2026-02-05', marks)).statusCode).toBe(400);
    expect((await mark('2026-02-30', [{ student_id: a, mark: 'present' }])).statusCode).toBe(400);
    const foreign = await cbeCall(t, 'PUT', `/api/cbe/classes/${theirs.classId}/register`, token, {
      date: '2026-02-05',
      marks: [],
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("refuses a day after the school's today (its time zone), and mails no guardian for it", async () => {
    // Today is marked below: a school day (in the school's zone) within a term of the school.
    onSchoolDay(t, 'Pacific/Kiritimati');
    const owner = (await newTenant(t, 'cbe')).owner.token;
    const parent = `future-${tag()}@example.com`;
    const own = await makeSchool(t, owner, { students: 1, guardianEmail: parent });
    // UTC+14: its day begins before anyone else's, so a UTC "today" would be a day behind it.
    await ok(t, 'PUT', '/api/cbe/settings', owner, { time_zone: 'Pacific/Kiritimati' });
    const today = dayIn(t.clock.now(), 'Pacific/Kiritimati');
    await termAround(t, owner, today);
    const tomorrow = shiftDay(today, 1);
    const absent = (date: string) =>
      cbeCall(t, 'PUT', `/api/cbe/classes/${own.classId}/register`, owner, {
        date,
        marks: [{ student_id: own.studentIds[0], mark: 'absent' }],
      });
    for (const day of [tomorrow, '2031-01-01']) {
      const response = await absent(day);
      expect(response.statusCode, day).toBe(400);
      expect(response.json().error).toMatchObject({
        message: cbeMessages.registerDayFuture,
        fields: { date: cbeMessages.registerDayFuture },
      });
    }
    expect(await mailsOf(t, parent)).toHaveLength(0);
    const ahead = await cbeCall(t, 'GET', `/api/cbe/classes/${own.classId}/register?date=${tomorrow}`, owner);
    expect(ahead.json().data.students[0]).toMatchObject({ mark: null, notified: false });
    expect((await absent(today)).statusCode).toBe(200);
    expect(await mailsOf(t, parent)).toHaveLength(1);
  });

  it("refuses a day outside the school's terms or on a weekend, before any mail or mark", async () => {
    const owner = (await newTenant(t, 'cbe')).owner.token;
    const parent = `no-school-${tag()}@example.com`;
    // Its year is 2026, its one term 5 Jan - 3 Apr 2026.
    const own = await makeSchool(t, owner, { students: 1, guardianEmail: parent });
    // Another school's term holds 2025-06-16: not this school's.
    const other = (await newTenant(t, 'cbe')).owner.token;
    const year = await ok(t, 'POST', '/api/cbe/years', other, {
      name: '2025',
      starts_on: '2025-01-01',
      ends_on: '2025-12-31',
    });
    await ok(t, 'POST', '/api/cbe/terms', other, {
      year_id: year.id,
      name: 'Term 2',
      starts_on: '2025-05-05',
      ends_on: '2025-08-01',
    });
    const absent = (date: string) =>
      cbeCall(t, 'PUT', `/api/cbe/classes/${own.classId}/register`, owner, {
        date,
        marks: [{ student_id: own.studentIds[0], mark: 'absent' }],
      });
    const refused = [
      // No year of the school; a Sunday, a Monday outside every year; a Monday of its year between terms.
      ['0001-01-01', cbeMessages.registerDayOutsideTerm],
      ['1999-12-31', cbeMessages.registerDayOutsideTerm],
      ['2025-06-15', cbeMessages.registerDayOutsideTerm],
      ['2025-06-16', cbeMessages.registerDayOutsideTerm],
      ['2026-01-02', cbeMessages.registerDayOutsideTerm],
      ['2026-04-06', cbeMessages.registerDayOutsideTerm],
      // A Saturday and a Sunday within the term; the Sunday before it and the Saturday after it.
      ['2026-02-07', cbeMessages.registerDayWeekend],
      ['2026-02-08', cbeMessages.registerDayWeekend],
      ['2026-01-04', cbeMessages.registerDayOutsideTerm],
      ['2026-04-04', cbeMessages.registerDayOutsideTerm],
    ] as const;
    for (const [day, message] of refused) {
      const response = await absent(day);
      expect(response.statusCode, day).toBe(400);
      expect(response.json().error, day).toMatchObject({ message, fields: { date: message } });
      const kept = await cbeCall(t, 'GET', `/api/cbe/classes/${own.classId}/register?date=${day}`, owner);
      expect(kept.json().data.students[0], day).toMatchObject({ mark: null, notified: false });
    }
    expect(await mailsOf(t, parent)).toHaveLength(0);
    // The term's first and last days (a Monday and a Friday) are school days.
    for (const day of ['2026-01-05', '2026-04-03']) expect((await absent(day)).statusCode, day).toBe(200);
    expect(await mailsOf(t, parent)).toHaveLength(2);
  });

  it('lets a worker mark the register, not a customer', async () => {
    const worker = await memberIn(t, tenant.workspace, 'worker');
    const customer = await memberIn(t, tenant.workspace, 'customer');
    const [a] = school.studentIds as [string];
    expect((await mark('2026-02-06', [{ student_id: a, mark: 'present' }], worker.token)).statusCode).toBe(
      200,
    );
    expect((await mark('2026-02-06', [{ student_id: a, mark: 'present' }], customer.token)).statusCode).toBe(
      403,
    );
  });
});

describe('the gradebook and the report card', () => {
  const url = () => `/api/cbe/classes/${school.classId}/gradebook`;
  const query = () => `?learning_area_id=${school.areaId}&term_id=${school.termId}`;

  it('records one of four levels per student per sub-strand with a comment, idempotently, and removes with null', async () => {
    const [a, b] = school.studentIds as [string, string];
    const [whole, fractions] = school.subStrandIds as [string, string];
    const body = {
      learning_area_id: school.areaId,
      term_id: school.termId,
      entries: [
        { student_id: a, sub_strand_id: whole, level: 'exceeding', comment: 'Quick with sums' },
        { student_id: a, sub_strand_id: fractions, level: 'below' },
        { student_id: b, sub_strand_id: whole, level: 'meeting' },
      ],
    };
    const first = await cbeCall(t, 'PUT', url(), token, body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await cbeCall(t, 'PUT', url(), token, body);
    expect(again.json().data.entries).toHaveLength(3);
    const read = (await cbeCall(t, 'GET', `${url()}${query()}`, token)).json().data;
    expect(read.strands).toEqual([
      {
        id: school.strandId,
        name: 'Numbers',
        sub_strands: [
          { id: whole, name: 'Whole numbers' },
          { id: fractions, name: 'Fractions' },
        ],
      },
    ]);
    expect(read.entries).toContainEqual({
      student_id: a,
      sub_strand_id: whole,
      level: 'exceeding',
      comment: 'Quick with sums',
    });
    await cbeCall(t, 'PUT', url(), token, {
      ...body,
      entries: [{ student_id: b, sub_strand_id: whole, level: null }],
    });
    const after = (await cbeCall(t, 'GET', `${url()}${query()}`, token)).json().data;
    expect(after.entries).toHaveLength(2);
  });

  it('refuses a fifth level, a sub-strand of another area, a student of another class and forged ids', async () => {
    const [a] = school.studentIds as [string];
    const [whole] = school.subStrandIds as [string];
    const otherArea = await ok(t, 'POST', '/api/cbe/learning-areas', token, {
      grade_id: school.gradeId,
      name: `Art ${tag()}`,
    });
    const strand = await ok(t, 'POST', '/api/cbe/strands', token, {
      learning_area_id: otherArea.id,
      name: 'Drawing',
    });
    const sub = await ok(t, 'POST', '/api/cbe/sub-strands', token, { strand_id: strand.id, name: 'Lines' });
    const base = { learning_area_id: school.areaId, term_id: school.termId };
    const cases = [
      { ...base, entries: [{ student_id: a, sub_strand_id: whole, level: 'outstanding' }] },
      { ...base, entries: [{ student_id: a, sub_strand_id: sub.id, level: 'meeting' }] },
      { ...base, entries: [{ student_id: randomUUID(), sub_strand_id: whole, level: 'meeting' }] },
      { ...base, term_id: randomUUID(), entries: [] },
      { ...base, learning_area_id: randomUUID(), entries: [] },
      {
        ...base,
        entries: [
          { student_id: a, sub_strand_id: whole, level: 'meeting' },
          { student_id: a, sub_strand_id: whole, level: 'below' },
        ],
      },
    ];
    for (const body of cases) {
      const response = await cbeCall(t, 'PUT', url(), token, body);
      expect(response.statusCode, response.body).toBe(400);
    }
    const entry = (await cbeCall(t, 'GET', `${url()}${query()}`, token)).json().data.entries;
    expect(entry.find((e: { sub_strand_id: string }) => e.sub_strand_id === whole && e)).toMatchObject({
      level: 'exceeding',
    });
  });

  it('refuses a comment without a level (400): the comment would not be kept', async () => {
    const [, b] = school.studentIds as [string, string];
    const [, fractions] = school.subStrandIds as [string, string];
    const response = await cbeCall(t, 'PUT', url(), token, {
      learning_area_id: school.areaId,
      term_id: school.termId,
      entries: [{ student_id: b, sub_strand_id: fractions, level: null, comment: 'Ask about this' }],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.stringify(response.json().error.fields)).toContain(cbeMessages.commentNeedsLevel);
    // A level removed with its comment cleared is taken, as before.
    const cleared = await cbeCall(t, 'PUT', url(), token, {
      learning_area_id: school.areaId,
      term_id: school.termId,
      entries: [{ student_id: b, sub_strand_id: fractions, level: null, comment: null }],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
  });

  it("downloads a report card PDF with the levels, attendance and the class teacher's remarks", async () => {
    const [a] = school.studentIds as [string];
    const remarks = await cbeCall(
      t,
      'PUT',
      `/api/cbe/students/${a}/report-cards/${school.termId}/remarks`,
      token,
      {
        remarks: 'A curious (and kind) learner.',
      },
    );
    expect(remarks.statusCode, remarks.body).toBe(200);
    expect(remarks.json().data.attendance).toEqual({ present: 2, late: 0, absent: 2 });
    const pdf = await cbeCall(t, 'GET', `/api/cbe/students/${a}/report-cards/${school.termId}`, token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdf.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const lines = pdfLines(pdf.rawPayload);
    for (const line of [
      'Mathematics',
      'Numbers',
      'Whole numbers: Exceeding Expectation',
      'Fractions: Below Expectation',
      'Present: 2    Late: 0    Absent: 2',
      'A curious (and kind) learner.',
    ]) {
      expect(lines).toContain(line);
    }
    expect(lines.join('\n')).toContain('Amani Kamau');
  });

  it("gives each student's remarks for the term with the gradebook, so the Remarks dialog starts from them", async () => {
    const [a, b] = school.studentIds as [string, string];
    await ok(t, 'PUT', `/api/cbe/students/${a}/report-cards/${school.termId}/remarks`, token, {
      remarks: 'Reads aloud with confidence.',
    });
    const read = (await cbeCall(t, 'GET', `${url()}${query()}`, token)).json().data;
    expect(read.students).toContainEqual(
      expect.objectContaining({ id: a, remarks: 'Reads aloud with confidence.' }),
    );
    expect(read.students).toContainEqual(expect.objectContaining({ id: b, remarks: null }));
  });

  it('prints a Greek name, a remark in Cyrillic and the typographic characters on the report card, and only what its font lacks as ?', async () => {
    const owner = (await newTenant(t, 'cbe')).owner.token;
    const own = await makeSchool(t, owner, { students: 1 });
    const student = await ok(t, 'GET', `/api/cbe/students/${own.studentIds[0]}`, owner);
    await ok(t, 'PATCH', `/api/cbe/students/${student.id}`, owner, {
      admission_no: student.admission_no,
      first_name: 'Ζωή',
      last_name: 'Παπαδοπούλου-Ng’ang’a',
      class_id: own.classId,
      guardians: [],
    });
    await ok(t, 'PUT', `/api/cbe/students/${student.id}/report-cards/${own.termId}/remarks`, owner, {
      remarks: 'Молодец! Works hard — “always” first; fees €0 … 東',
    });
    const pdf = await cbeCall(t, 'GET', `/api/cbe/students/${student.id}/report-cards/${own.termId}`, owner);
    expect(pdf.statusCode).toBe(200);
    const bytes = pdf.rawPayload;
    const lines = pdfLines(bytes);
    expect(lines).toContainEqual(
      expect.stringMatching(/^Student: Ζωή Παπαδοπούλου-Ng’ang’a {4}Admission no:/),
    );
    expect(lines).toContain('Молодец! Works hard — “always” first; fees €0 … ?');
    const placed = pdfTextLines(bytes).flat();
    expect(placed.find((l) => l.text.startsWith('Report card:'))?.font).toMatch(
      /^[A-Z]{6}\+DejaVuSans-Bold$/,
    );
    expect(placed.find((l) => l.text.startsWith('Student:'))?.font).toMatch(/^[A-Z]{6}\+DejaVuSans$/);
    // The title (document information) is UTF-16 with its byte-order mark, not the font's bytes.
    const title = Buffer.from('\ufeffΖωή Παπαδοπούλου-Ng’ang’a: Term 1', 'utf16le')
      .swap16()
      .toString('hex')
      .toUpperCase();
    expect(bytes.toString('latin1')).toContain(`/Title <${title}>`);
  });

  it("shows a guardian (customer) their own child's report card and no one else's", async () => {
    const customer = await memberIn(t, tenant.workspace, 'customer');
    const [a, b] = school.studentIds as [string, string];
    const withTheirEmail = await ok(t, 'GET', `/api/cbe/students/${b}`, token);
    await ok(t, 'PATCH', `/api/cbe/students/${b}`, token, {
      admission_no: withTheirEmail.admission_no,
      first_name: withTheirEmail.first_name,
      last_name: withTheirEmail.last_name,
      class_id: school.classId,
      guardians: [{ name: 'Their parent', email: customer.email.toUpperCase() }],
    });
    const children = await cbeCall(t, 'GET', '/api/cbe/children', customer.token);
    expect(children.json().data.map((c: { id: string }) => c.id)).toEqual([b]);
    const own = await cbeCall(
      t,
      'GET',
      `/api/cbe/children/${b}/report-cards/${school.termId}`,
      customer.token,
    );
    expect(own.statusCode).toBe(200);
    const notOwn = await cbeCall(
      t,
      'GET',
      `/api/cbe/children/${a}/report-cards/${school.termId}`,
      customer.token,
    );
    expect(notOwn.statusCode).toBe(404);
    expect((await cbeCall(t, 'GET', '/api/cbe/students', customer.token)).statusCode).toBe(403);
    expect(cbeMessages.studentNotInClass).toBeTruthy();
  });
});
