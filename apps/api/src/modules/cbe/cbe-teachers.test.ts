import { randomUUID } from 'node:crypto';
import { cbeMessages, cbeTeacherInUse } from '@workhub/shared/schemas/cbe';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { addMember, memberIn, newTenant, type Tenant } from '../../test/tenants.ts';
import { cbeCall, makeSchool, ok, type School, tag } from './cbe-test-helpers.ts';

const t = useTestApp();
let tenant: Tenant;
let token: string;
let school: School;

beforeAll(async () => {
  tenant = await newTenant(t, 'cbe');
  token = tenant.owner.token;
  school = await makeSchool(t, token, { students: 1 });
});

type Teacher = { id: string; user_id: string; name: string; active: boolean };
type Klass = { id: string; name: string; teacher_id: string | null; teacher_active: boolean | null };
const teacherOf = async (role: 'member' | 'worker' | 'admin' = 'worker') => {
  const member = await addMember(t, tenant.workspace, role);
  return {
    member,
    teacher: await ok<Teacher>(t, 'POST', '/api/cbe/teachers', token, { user_id: member.userId }),
  };
};
const teachers = () => ok<Teacher[]>(t, 'GET', '/api/cbe/teachers?limit=100', token);
const classOf = async (id: string) =>
  (await ok<Klass[]>(t, 'GET', `/api/cbe/classes?grade_id=${school.gradeId}&limit=100`, token)).find(
    (c) => c.id === id,
  );
const newClass = (teacherId: string | null, name = `C ${tag()}`) =>
  cbeCall(t, 'POST', '/api/cbe/classes', token, {
    grade_id: school.gradeId,
    name,
    teacher_id: teacherId ?? '',
  });
const removeTeacher = (id: string, who = token) => cbeCall(t, 'DELETE', `/api/cbe/teachers/${id}`, who);

describe('removing a teacher', () => {
  it('keeps a class teacher (409 naming the classes), removes one who teaches none (204)', async () => {
    const { teacher } = await teacherOf();
    const north = (await newClass(teacher.id, `North ${tag()}`)).json().data as Klass;
    const south = (await newClass(teacher.id, `South ${tag()}`)).json().data as Klass;
    const refused = await removeTeacher(teacher.id);
    expect(refused.statusCode).toBe(409);
    const grade = (await ok<{ name: string }[]>(t, 'GET', '/api/cbe/grades?limit=100', token)).find((g) =>
      g.name.startsWith('Grade 4'),
    );
    expect(refused.json().error.message).toBe(
      cbeTeacherInUse([`${grade?.name} ${north.name}`, `${grade?.name} ${south.name}`]),
    );
    expect((await teachers()).map((x) => x.id)).toContain(teacher.id);
    // Another class teacher (none) for each: then it goes, and only it.
    for (const klass of [north, south]) {
      await ok(t, 'PATCH', `/api/cbe/classes/${klass.id}`, token, {
        grade_id: school.gradeId,
        name: klass.name,
        teacher_id: '',
      });
    }
    expect((await removeTeacher(teacher.id)).statusCode).toBe(204);
    expect((await teachers()).map((x) => x.id)).not.toContain(teacher.id);
    expect((await removeTeacher(teacher.id)).statusCode).toBe(404);
  });

  it("answers 404 for another school's teacher, 403 to a member, 400 for a malformed id", async () => {
    const other = await newTenant(t, 'cbe');
    const theirMember = await addMember(t, other.workspace, 'worker');
    const theirs = await ok<Teacher>(t, 'POST', '/api/cbe/teachers', other.owner.token, {
      user_id: theirMember.userId,
    });
    expect((await removeTeacher(theirs.id)).statusCode).toBe(404);
    expect((await removeTeacher(randomUUID())).statusCode).toBe(404);
    expect((await removeTeacher('nope')).statusCode).toBe(400);
    const { teacher } = await teacherOf();
    const member = await memberIn(t, tenant.workspace, 'member');
    expect((await removeTeacher(teacher.id, member.token)).statusCode).toBe(403);
    expect((await teachers()).map((x) => x.id)).toContain(teacher.id);
  });

  it('a removal and a class naming the teacher at the same instant: never a class with a removed teacher', async () => {
    for (let round = 0; round < 4; round++) {
      const { teacher } = await teacherOf();
      const [removal, assigned] = await Promise.all([removeTeacher(teacher.id), newClass(teacher.id)]);
      if (removal.statusCode === 204) {
        expect(assigned.statusCode, assigned.body).toBe(400);
        expect(assigned.json().error.fields).toHaveProperty('teacher_id');
      } else {
        expect(removal.statusCode, removal.body).toBe(409);
        expect(assigned.statusCode).toBe(201);
        expect((await teachers()).map((x) => x.id)).toContain(teacher.id);
      }
    }
  });
});

describe('a teacher who left the team', () => {
  it('is marked inactive in the list and on the class, not printed as class teacher, and not newly assigned', async () => {
    const { member, teacher } = await teacherOf();
    const klass = (await newClass(teacher.id)).json().data as Klass;
    // The student moves into the teacher's class, for the report card.
    const [student] = school.studentIds as [string];
    const card = () =>
      ok<{ class_teacher: string | null }>(
        t,
        'PUT',
        `/api/cbe/students/${student}/report-cards/${school.termId}/remarks`,
        token,
        { remarks: 'Curious.' },
      );
    const moved = await ok<{ admission_no: string; first_name: string; last_name: string }>(
      t,
      'GET',
      `/api/cbe/students/${student}`,
      token,
    );
    await ok(t, 'PATCH', `/api/cbe/students/${student}`, token, {
      admission_no: moved.admission_no,
      first_name: moved.first_name,
      last_name: moved.last_name,
      class_id: klass.id,
      guardians: [],
    });
    expect((await card()).class_teacher).toBe(teacher.name);
    expect((await teachers()).find((x) => x.id === teacher.id)?.active).toBe(true);
    expect((await classOf(klass.id))?.teacher_active).toBe(true);

    const inactive = await cbeCall(t, 'PATCH', `/api/team/${member.userId}/status`, token, {
      status: 'inactive',
    });
    expect(inactive.statusCode, inactive.body).toBe(200);
    expect((await teachers()).find((x) => x.id === teacher.id)?.active).toBe(false);
    expect(await classOf(klass.id)).toMatchObject({ teacher_id: teacher.id, teacher_active: false });
    expect((await card()).class_teacher).toBeNull();
    // Not named anew as a class teacher; a class that has them keeps its other edits.
    const refused = await newClass(teacher.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.teacher_id).toBe(cbeMessages.notAMember);
    const renamed = await cbeCall(t, 'PATCH', `/api/cbe/classes/${klass.id}`, token, {
      grade_id: school.gradeId,
      name: `${klass.name} B`,
      teacher_id: teacher.id,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    // Removed from the team altogether: the same.
    const { member: gone, teacher: goneTeacher } = await teacherOf('member');
    expect((await cbeCall(t, 'DELETE', `/api/team/${gone.userId}`, token)).statusCode).toBe(204);
    expect((await teachers()).find((x) => x.id === goneTeacher.id)?.active).toBe(false);
  });
});

describe('the members who may be made teachers', () => {
  it('are searched on the server: every active staff member is found among hundreds of guardians', async () => {
    const own = await newTenant(t, 'cbe');
    for (let i = 0; i < 105; i++) await addMember(t, own.workspace, 'customer');
    const wanted = await addMember(t, own.workspace, 'worker', { email: `late-hire-${tag()}@example.com` });
    await addMember(t, own.workspace, 'worker', { status: 'inactive' });
    const already = await addMember(t, own.workspace, 'member');
    await ok(t, 'POST', '/api/cbe/teachers', own.owner.token, { user_id: already.userId });
    type Candidate = { user_id: string; email: string; role: string };
    const all = await cbeCall(t, 'GET', '/api/cbe/teachers/candidates?limit=100', own.owner.token);
    expect(all.statusCode, all.body).toBe(200);
    const listed = all.json().data as Candidate[];
    // Staff only (the owner and the new worker), not the customers, the inactive or a teacher.
    expect(listed.map((c) => c.role).sort()).toEqual(['owner', 'worker']);
    expect(listed.map((c) => c.user_id)).toContain(wanted.userId);
    expect(listed.map((c) => c.user_id)).not.toContain(already.userId);
    const found = await ok<Candidate[]>(
      t,
      'GET',
      '/api/cbe/teachers/candidates?q=late-hire',
      own.owner.token,
    );
    expect(found.map((c) => c.user_id)).toEqual([wanted.userId]);
    const member = await memberIn(t, own.workspace, 'member');
    expect((await cbeCall(t, 'GET', '/api/cbe/teachers/candidates', member.token)).statusCode).toBe(403);
  });
});
