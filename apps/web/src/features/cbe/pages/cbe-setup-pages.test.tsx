import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cbeMessages, cbeTeacherInUse } from '@workhub/shared/schemas/cbe';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { calledUrls } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { readTwice, refusedOnce, routeFetch } from '../../../test/route-fetch.ts';
import { at, classOf, listOf, pageTestKit } from './cbe-test-kit.ts';
import { SetupPage } from './setup-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const { fetchMock, writes } = pageTestKit();

const ids = {
  klass: '00000000-0000-4000-8000-00000000f001',
  grade: '00000000-0000-4000-8000-00000000f002',
};
const klass = classOf(ids, 3);

const setupRoutes = (onDelete: () => Response) =>
  routeFetch(fetchMock, {
    'GET /api/cbe/grades': () => jsonResponse(200, listOf([])),
    'GET /api/cbe/teachers': () => jsonResponse(200, listOf([])),
    'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
    [`DELETE /api/cbe/classes/${ids.klass}`]: onDelete,
  });

describe('SetupPage deletes', { timeout: 20_000 }, () => {
  it('asks before deleting, shows why a record in use is kept, and deletes once the school confirms', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'admin'));
    const answers = [
      jsonResponse(409, { error: { code: 'CONFLICT', message: cbeMessages.classInUse } }),
      new Response(null, { status: 204 }),
    ];
    setupRoutes(() => answers.shift() ?? jsonResponse(500, {}));
    renderWithData(<SetupPage />, '/cbe/classes');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Delete Grade 4 East' });

    // Cancel sends nothing.
    await user.click(button);
    let dialog = await screen.findByRole('dialog', { name: 'Delete Grade 4 East?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toHaveLength(0);

    // In use: the API's reason shows in the dialog, which stays open.
    await user.click(button);
    dialog = await screen.findByRole('dialog', { name: 'Delete Grade 4 East?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', cbeMessages.classInUse);
    expect(notify.success).not.toHaveBeenCalled();

    // Confirmed and free: one DELETE, a toast, the dialog closes.
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(cbeMessages.deleted));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([
      { method: 'DELETE', url: `/api/cbe/classes/${ids.klass}`, body: null },
      { method: 'DELETE', url: `/api/cbe/classes/${ids.klass}`, body: null },
    ]);
  });

  it('offers no Delete to a member, who may not manage the set-up', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'member'));
    setupRoutes(() => jsonResponse(500, {}));
    renderWithData(<SetupPage />, '/cbe/classes');
    expect(await screen.findByText('East')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it("exports the classes through the API's audited export, not from the rows on screen", async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'member'));
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:classes');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    routeFetch(fetchMock, {
      'GET /api/cbe/grades': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/teachers': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      'GET /api/cbe/classes/export': () =>
        new Response('Grade,Stream,Class teacher,Students\r\n', { status: 200 }),
    });
    renderWithData(<SetupPage />, '/cbe/classes');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(calledUrls(fetchMock)).toContain('/api/cbe/classes/export');
    vi.restoreAllMocks();
  });

  it('exports the set-up lists of a tab each with its own filter: the chosen grade, the learning area', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'member'));
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:setup');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const area = '00000000-0000-4000-8000-00000000f003';
    const csv = () => new Response('x\r\n', { status: 200 });
    routeFetch(fetchMock, {
      'GET /api/cbe/grades': () =>
        jsonResponse(200, listOf([{ id: ids.grade, name: 'Grade 4', level: 4, created_at: at }])),
      'GET /api/cbe/teachers': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      'GET /api/cbe/learning-areas': () =>
        jsonResponse(
          200,
          listOf([
            { id: area, grade_id: ids.grade, grade_name: 'Grade 4', name: 'Mathematics', created_at: at },
          ]),
        ),
      'GET /api/cbe/strands': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/sub-strands': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/grades/export': csv,
      'GET /api/cbe/learning-areas/export': csv,
      'GET /api/cbe/strands/export': csv,
      'GET /api/cbe/sub-strands/export': csv,
    });
    renderWithData(<SetupPage />, '/cbe/classes');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Grades and learning areas' }));
    await user.click(await screen.findByRole('button', { name: 'Export CSV: grades' }));
    await user.click(await screen.findByRole('button', { name: 'Export CSV: learning areas of Grade 4' }));
    await user.click(await screen.findByRole('button', { name: 'Strands CSV: Mathematics' }));
    await user.click(await screen.findByRole('button', { name: 'Sub-strands CSV: Mathematics' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(4));
    const exports = calledUrls(fetchMock).filter((url) => url.includes('/export'));
    expect(exports).toEqual([
      '/api/cbe/grades/export',
      `/api/cbe/learning-areas/export?grade_id=${ids.grade}`,
      `/api/cbe/strands/export?learning_area_id=${area}`,
      `/api/cbe/sub-strands/export?learning_area_id=${area}`,
    ]);
    // The area's tree loads its own sub-strands, not the school's first page of them.
    expect(calledUrls(fetchMock)).toContainEqual(
      expect.stringMatching(new RegExp(`^/api/cbe/sub-strands\\?.*learning_area_id=${area}`)),
    );
    vi.restoreAllMocks();
  });
});

describe('SetupPage renames', { timeout: 20_000 }, () => {
  it('renames a learning area, a strand and a sub-strand under their own parent (PATCH), and shows why a move is refused', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'admin'));
    const area = '00000000-0000-4000-8000-00000000f003';
    const strand = '00000000-0000-4000-8000-00000000f004';
    const sub = '00000000-0000-4000-8000-00000000f005';
    routeFetch(fetchMock, {
      'GET /api/cbe/grades': () =>
        jsonResponse(200, listOf([{ id: ids.grade, name: 'Grade 4', level: 4, created_at: at }])),
      'GET /api/cbe/learning-areas': () =>
        jsonResponse(
          200,
          listOf([
            { id: area, grade_id: ids.grade, grade_name: 'Grade 4', name: 'Mathematics', created_at: at },
          ]),
        ),
      'GET /api/cbe/strands': () =>
        jsonResponse(200, listOf([{ id: strand, learning_area_id: area, name: 'Numbers', created_at: at }])),
      'GET /api/cbe/sub-strands': () =>
        jsonResponse(200, listOf([{ id: sub, strand_id: strand, name: 'Fractions', created_at: at }])),
      [`PATCH /api/cbe/learning-areas/${area}`]: () =>
        jsonResponse(200, { message: cbeMessages.saved, data: {} }),
      [`PATCH /api/cbe/strands/${strand}`]: () => jsonResponse(200, { message: cbeMessages.saved, data: {} }),
      [`PATCH /api/cbe/sub-strands/${sub}`]: () =>
        jsonResponse(409, {
          error: {
            code: 'CONFLICT',
            message: cbeMessages.subStrandMoveInUse,
            fields: { strand_id: cbeMessages.subStrandMoveInUse },
          },
        }),
    });
    renderWithData(<SetupPage />, '/cbe/classes?tab=grades');
    const user = userEvent.setup();
    const rename = async (from: string, label: RegExp, to: string) => {
      await user.click(await screen.findByRole('button', { name: `Edit ${from}` }));
      const dialog = within(await screen.findByRole('dialog', { name: `Edit ${from}` }));
      const input = dialog.getByLabelText(label) as HTMLInputElement;
      expect(input.value).toBe(from);
      await user.clear(input);
      await user.type(input, to);
      await user.click(dialog.getByRole('button', { name: 'Save changes' }));
      return dialog;
    };
    await rename('Mathematics', /^Learning area/, 'Maths');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await rename('Numbers', /^Strand/, 'Number work');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const refused = await rename('Fractions', /^Sub-strand/, 'Parts');
    expect(await refused.findByText(cbeMessages.subStrandMoveInUse)).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'PATCH',
        url: `/api/cbe/learning-areas/${area}`,
        body: { grade_id: ids.grade, name: 'Maths' },
      },
      {
        method: 'PATCH',
        url: `/api/cbe/strands/${strand}`,
        body: { learning_area_id: area, name: 'Number work' },
      },
      { method: 'PATCH', url: `/api/cbe/sub-strands/${sub}`, body: { strand_id: strand, name: 'Parts' } },
    ]);
  });
});

describe("SetupPage's teachers", { timeout: 20_000 }, () => {
  const teacher = (id: string, name: string, active: boolean) => ({
    id,
    user_id: id,
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@school.test`,
    active,
    created_at: at,
  });
  const amina = teacher('00000000-0000-4000-8000-00000000f0a1', 'Amina Otieno', true);
  const brian = teacher('00000000-0000-4000-8000-00000000f0a2', 'Brian Mwangi', false);

  it('finds a member to add by searching the server, marks an inactive teacher, and removes one after confirming', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'admin'));
    const newcomer = '00000000-0000-4000-8000-00000000f0b1';
    const removals = [
      jsonResponse(409, { error: { code: 'CONFLICT', message: cbeTeacherInUse(['Grade 4 East']) } }),
      new Response(null, { status: 204 }),
    ];
    routeFetch(fetchMock, {
      'GET /api/cbe/grades': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      'GET /api/cbe/teachers': () => jsonResponse(200, listOf([amina, brian])),
      'GET /api/cbe/teachers/candidates': (_init, url) => {
        const q = new URL(url, 'http://x').searchParams.get('q');
        return jsonResponse(
          200,
          listOf(
            q === 'zawadi'
              ? [{ user_id: newcomer, name: 'Zawadi Njeri', email: 'zawadi@school.test', role: 'worker' }]
              : [],
          ),
        );
      },
      'POST /api/cbe/teachers': () => jsonResponse(201, { message: cbeMessages.created, data: {} }),
      [`DELETE /api/cbe/teachers/${amina.id}`]: () => removals.shift() ?? jsonResponse(500, {}),
    });
    renderWithData(<SetupPage />, '/cbe/classes?tab=teachers');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Teachers' });
    const brianRow = (await within(table).findByText('Brian Mwangi')).closest('tr') as HTMLElement;
    expect(within(brianRow).getByText('Inactive')).toBeTruthy();
    const aminaRow = within(table).getByText('Amina Otieno').closest('tr') as HTMLElement;
    expect(within(aminaRow).queryByText('Inactive')).toBeNull();

    // The member is searched on the server, not among the team's first 100.
    await user.type(screen.getByRole('combobox', { name: 'Member' }), 'zawadi');
    await user.click(
      await screen.findByRole('option', { name: 'Zawadi Njeri (zawadi@school.test)', hidden: true }),
    );
    expect(calledUrls(fetchMock)).toContainEqual(
      expect.stringMatching(/^\/api\/cbe\/teachers\/candidates\?.*q=zawadi/),
    );
    expect(calledUrls(fetchMock).some((url) => url.startsWith('/api/team'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Add teacher' }));
    await waitFor(() =>
      expect(writes()).toContainEqual({
        method: 'POST',
        url: '/api/cbe/teachers',
        body: { user_id: newcomer },
      }),
    );

    // Remove asks first; a class teacher is kept with the classes named; then removed.
    await user.click(within(aminaRow).getByRole('button', { name: 'Remove Amina Otieno' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Amina Otieno?' }));
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await dialog.findByRole('alert')).toHaveProperty('textContent', cbeTeacherInUse(['Grade 4 East']));
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(cbeMessages.teacherRemoved));
    expect(writes().filter((w) => w.method === 'DELETE')).toHaveLength(2);
  });

  it("offers only current teachers as a class's teacher, and marks a class's inactive one", async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'admin'));
    const taught = { ...klass, teacher_id: brian.id, teacher_name: brian.name, teacher_active: false };
    routeFetch(fetchMock, {
      'GET /api/cbe/grades': () =>
        jsonResponse(200, listOf([{ id: ids.grade, name: 'Grade 4', level: 4, created_at: at }])),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([taught])),
      'GET /api/cbe/teachers': () => jsonResponse(200, listOf([amina, brian])),
    });
    renderWithData(<SetupPage />, '/cbe/classes');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Classes' });
    const row = (await within(table).findByText('Brian Mwangi')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Inactive')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog'));
    const options = within(dialog.getByLabelText('Class teacher'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['None yet', 'Amina Otieno', 'Brian Mwangi (inactive)']);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: '+ New class' }));
    const fresh = within(await screen.findByRole('dialog', { name: 'New class' }));
    expect(
      within(fresh.getByLabelText('Class teacher'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None yet', 'Amina Otieno']);
  });
});

describe("SetupPage's tabs", { timeout: 20_000 }, () => {
  it('opens the tab its address names, so a reload or Back keeps it', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'member'));
    routeFetch(fetchMock, {
      'GET /api/cbe/grades': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/learning-areas': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/teachers': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
    });
    renderWithData(<SetupPage />, '/cbe/classes?tab=grades');
    const tab = await screen.findByRole('tab', { name: 'Grades and learning areas' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Classes' }).getAttribute('aria-selected')).toBe('false');
  });
});

describe('SetupPage creates', { timeout: 20_000 }, () => {
  it('creates a class with no class teacher ("None yet"), before the school has any teacher', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'admin'));
    routeFetch(fetchMock, {
      'GET /api/cbe/grades': () =>
        jsonResponse(200, listOf([{ id: ids.grade, name: 'Grade 4', level: 4, created_at: at }])),
      'GET /api/cbe/teachers': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([])),
      'POST /api/cbe/classes': () => jsonResponse(201, { data: klass }),
    });
    renderWithData(<SetupPage />, '/cbe/classes');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '+ New class' }));
    const dialog = await screen.findByRole('dialog', { name: 'New class' });
    expect(within(dialog).getByLabelText('Class teacher')).toHaveProperty('value', '');
    await user.type(within(dialog).getByLabelText(/Stream/), 'East');
    await user.click(within(dialog).getByRole('button', { name: 'Create class' }));
    await waitFor(() =>
      expect(writes()).toEqual([
        {
          method: 'POST',
          url: '/api/cbe/classes',
          body: { grade_id: ids.grade, name: 'East', teacher_id: null },
        },
      ]),
    );
    expect(within(dialog).queryByText('Not a valid id')).toBeNull();
  });
  it('a New class opened before the teachers arrived waits for them, then offers them', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'admin'));
    let answerTeachers: (response: Response) => void = () => undefined;
    routeFetch(fetchMock, {
      'GET /api/cbe/grades': () =>
        jsonResponse(200, listOf([{ id: ids.grade, name: 'Grade 4', level: 4, created_at: at }])),
      'GET /api/cbe/teachers': () =>
        new Promise<Response>((resolve) => {
          answerTeachers = resolve;
        }),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([])),
    });
    renderWithData(<SetupPage />, '/cbe/classes');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '+ New class' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New class' }));
    // No form on lists it does not have yet (it kept the click's: no teacher, ever).
    expect(dialog.queryByLabelText('Class teacher')).toBeNull();
    const amina = '00000000-0000-4000-8000-00000000f0a1';
    answerTeachers(
      jsonResponse(
        200,
        listOf([
          {
            id: amina,
            user_id: amina,
            name: 'Amina Otieno',
            email: 'amina@school.test',
            active: true,
            created_at: at,
          },
        ]),
      ),
    );
    const select = await dialog.findByLabelText('Class teacher');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None yet', 'Amina Otieno']);
    expect(
      within(dialog.getByLabelText(/^Grade/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Grade 4']);
  });

  it('keeps a negative level as typed and refuses it, sending nothing (it was saved as 0)', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'admin'));
    routeFetch(fetchMock, {
      'GET /api/cbe/grades': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/teachers': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/learning-areas': () => jsonResponse(200, listOf([])),
    });
    renderWithData(<SetupPage />, '/cbe/classes');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Grades and learning areas' }));
    await user.click(await screen.findByRole('button', { name: '+ New grade' }));
    const dialog = await screen.findByRole('dialog', { name: 'New grade' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Grade 4');
    const level = within(dialog).getByLabelText(/^Level/);
    await user.clear(level);
    await user.type(level, '-4');
    await user.click(within(dialog).getByRole('button', { name: 'Create grade' }));
    expect(await within(dialog).findByText('Must be 0 or more')).toBeTruthy();
    expect(level).toHaveProperty('value', '-4');
    expect(writes()).toEqual([]);
  });

  it("says a grade's level is out of range once the user leaves it, and nothing when tabbed past", async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'admin'));
    routeFetch(fetchMock, {
      'GET /api/cbe/grades': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/teachers': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/learning-areas': () => jsonResponse(200, listOf([])),
    });
    renderWithData(<SetupPage />, '/cbe/classes');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Grades and learning areas' }));
    await user.click(await screen.findByRole('button', { name: '+ New grade' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New grade' }));
    const level = dialog.getByLabelText(/^Level/);
    // Name, then Level, untouched: on to the buttons, no message.
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByLabelText(/^Name/)));
    await user.tab();
    expect(document.activeElement).toBe(level);
    await user.tab();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialog.queryByText('Must be at most 20')).toBeNull();
    expect(level.getAttribute('aria-invalid')).not.toBe('true');

    await user.clear(level);
    await user.type(level, '25');
    await user.tab();
    expect(await dialog.findByText('Must be at most 20')).toBeTruthy();
    expect(dialog.queryByText(cbeMessages.nameRequired)).toBeNull();
    await user.clear(level);
    await user.type(level, '2');
    await waitFor(() => expect(dialog.queryByText('Must be at most 20')).toBeNull());
    expect(writes()).toEqual([]);
  });
});

describe("SetupPage's settings", { timeout: 20_000 }, () => {
  it("saves the school's time zone against the version it opened; on a 412 says what changed and loads theirs", async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'owner'));
    const opened = {
      time_zone: 'Africa/Nairobi',
      today: '2026-05-01',
      updated_at: '2026-05-01T08:00:00.125Z',
    };
    const theirs = { ...opened, time_zone: 'Europe/Paris', updated_at: '2026-05-01T08:04:00.000Z' };
    const ifMatches: string[] = [];
    routeFetch(fetchMock, {
      'GET /api/cbe/grades': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/teachers': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/settings': readTwice(opened, theirs),
      'PUT /api/cbe/settings': refusedOnce(ifMatches),
    });
    renderWithData(<SetupPage />, '/cbe/classes');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    const zone = (await screen.findByLabelText('Time zone')) as HTMLInputElement;
    await waitFor(() => expect(zone.value).toBe('Africa/Nairobi'));
    await user.clear(zone);
    await user.type(zone, 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const alert = within(await screen.findByRole('alert'));
    await alert.findByText('Someone else saved these settings while you were editing them');
    await alert.findByText(/They changed: Time zone\./);
    expect(ifMatches).toEqual([`"${opened.updated_at}"`]);
    expect(zone.value).toBe('Asia/Tokyo');
    expect(notify.error).not.toHaveBeenCalled();
    await user.click(alert.getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(zone.value).toBe('Europe/Paris'));
    // The next save is made against their version.
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(ifMatches).toEqual([`"${opened.updated_at}"`, `"${theirs.updated_at}"`]));
  });
});
