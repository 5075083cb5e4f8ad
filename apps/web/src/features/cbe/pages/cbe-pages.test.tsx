import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type CbeDashboard,
  type CbeRegister,
  type CbeStudent,
  cbeMessages,
} from '@workhub/shared/schemas/cbe';
import { describe, expect, it, vi } from 'vitest';
import { moduleSections } from '../../../app/shell/sidebar-sections.ts';
import { WEB_MODULES } from '../../../app/web-modules.ts';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { fakeAuth, fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { onPhone } from '../../../test/phone.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { CbeDashboardPage } from './cbe-dashboard-page.tsx';
import { browserToday, classOf, farSchool, listOf, pageTestKit } from './cbe-test-kit.ts';
import { RegisterPage } from './register-page.tsx';
import { StudentsPage } from './students-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const { fetchMock, writes } = pageTestKit();

const ids = {
  klass: '00000000-0000-4000-8000-00000000c001',
  grade: '00000000-0000-4000-8000-00000000c002',
  amani: '00000000-0000-4000-8000-00000000c101',
  baraka: '00000000-0000-4000-8000-00000000c102',
};

const klass = classOf(ids, 2);
const register = (marks: Partial<Record<string, 'present' | 'late' | 'absent'>> = {}): CbeRegister => ({
  class_id: ids.klass,
  class_name: 'Grade 4 East',
  date: '2026-02-02',
  students: [
    {
      student_id: ids.amani,
      admission_no: 'S-1',
      name: 'Amani Kamau',
      mark: marks[ids.amani] ?? null,
      reason: null,
      notified: false,
    },
    {
      student_id: ids.baraka,
      admission_no: 'S-2',
      name: 'Baraka Otieno',
      mark: marks[ids.baraka] ?? null,
      reason: null,
      notified: false,
    },
  ],
});

describe('the CBE sidebar', () => {
  const links = (role: 'owner' | 'admin' | 'member' | 'worker' | 'customer' | 'guest') =>
    moduleSections(
      fakeAuth({
        role,
        template: 'cbe',
        workspace_id: 'w',
        account_id: 'a',
        accounts: role === 'owner' ? 1 : 0,
      }),
      WEB_MODULES,
    ).map((s) => [s.title, s.links.map((l) => l.label)]);
  it('gives staff the school pages, Fees to its administration only, and a guardian (customer) only their children', () => {
    const school = ['Students', 'Classes and set-up', 'Register', 'Gradebook'];
    // Fees (cbe:fees) are the owner's and admins', not a teacher's (member, worker).
    expect(links('owner')).toEqual([['School', [...school, 'Fees']]]);
    expect(links('admin')).toEqual([['School', [...school, 'Fees']]]);
    expect(links('member')).toEqual([['School', school]]);
    expect(links('worker')).toEqual([['School', school]]);
    expect(links('customer')).toEqual([['School', ['My children']]]);
    expect(links('guest')).toEqual([]);
  });
});

/** The register of a school far from UTC (farSchool), its class unmarked; the table once shown. */
const openRegister = async () => {
  routeFetch(fetchMock, {
    'GET /api/cbe/settings': () => jsonResponse(200, { data: farSchool() }),
    'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
    [`GET /api/cbe/classes/${ids.klass}/register`]: () => jsonResponse(200, { data: register() }),
  });
  renderWithData(<RegisterPage />, '/cbe/register');
  return screen.findByRole('table', { name: 'Register' });
};

describe('RegisterPage', { timeout: 20_000 }, () => {
  it('marks each student with one click, asks a reason for absent, and saves the class in one PUT', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'worker'));
    const school = farSchool();
    routeFetch(fetchMock, {
      'GET /api/cbe/settings': () => jsonResponse(200, { data: school }),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      [`GET /api/cbe/classes/${ids.klass}/register`]: () => jsonResponse(200, { data: register() }),
      [`PUT /api/cbe/classes/${ids.klass}/register`]: () =>
        jsonResponse(200, {
          message: 'Saved',
          data: register({ [ids.amani]: 'present', [ids.baraka]: 'absent' }),
        }),
    });
    renderWithData(<RegisterPage />, '/cbe/register');
    const table = await screen.findByRole('table', { name: 'Register' });
    const user = userEvent.setup();
    await user.click(within(table).getAllByText('Present')[0] as HTMLElement);
    await user.click(within(table).getAllByText('Absent')[1] as HTMLElement);
    await user.type(screen.getByLabelText('Reason for Baraka Otieno'), 'Sick');
    await user.click(screen.getByRole('button', { name: 'Save register' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toEqual({
      date: school.today,
      marks: [
        { student_id: ids.amani, mark: 'present', reason: null },
        { student_id: ids.baraka, mark: 'absent', reason: 'Sick' },
      ],
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Saved'));
  });

  it("holds a reason to the API's rule: 200 characters at most, and text it refuses is said at the field, not saved", async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'worker'));
    const table = await openRegister();
    const user = userEvent.setup();
    await user.click(within(table).getAllByText('Late')[1] as HTMLElement);
    const reason = screen.getByLabelText('Reason for Baraka Otieno') as HTMLInputElement;
    expect(reason.maxLength).toBe(200);
    // A bidi override (pasted: it makes text show as other text) is refused by the API's text rule.
    fireEvent.change(reason, { target: { value: 'Bus \u202Elate' } });
    expect(within(table).getByText(/control characters/i)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save register' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        expect.stringMatching(/^Reason for Baraka Otieno: .*control characters/i),
      ),
    );
    expect(writes()).toHaveLength(0);
  });

  it('offers Save register only while marks are unsaved: not once saved, again after a change', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'worker'));
    let stored = register({ [ids.amani]: 'present' });
    routeFetch(fetchMock, {
      'GET /api/cbe/settings': () => jsonResponse(200, { data: farSchool() }),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      [`GET /api/cbe/classes/${ids.klass}/register`]: () => jsonResponse(200, { data: stored }),
      [`PUT /api/cbe/classes/${ids.klass}/register`]: () => {
        stored = register({ [ids.amani]: 'present', [ids.baraka]: 'late' });
        return jsonResponse(200, { message: 'Saved', data: stored });
      },
    });
    renderWithData(<RegisterPage />, '/cbe/register');
    const table = await screen.findByRole('table', { name: 'Register' });
    const user = userEvent.setup();
    const save = screen.getByRole('button', { name: 'Save register' });
    // Marks as loaded (one already saved): nothing to save.
    expect(save.getAttribute('aria-disabled')).toBe('true');
    await user.click(within(table).getAllByText('Late')[1] as HTMLElement);
    expect(save.getAttribute('aria-disabled')).toBeNull();
    await user.click(save);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Saved'));
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBe('true'));
    await user.click(save);
    expect(writes()).toHaveLength(1);
  });

  it('puts each student in a card of their own on a phone, the marks and the reason in view', async () => {
    onPhone(true);
    signIn(fakeWorkspaceAuthSession('cbe', 'worker'));
    routeFetch(fetchMock, {
      'GET /api/cbe/settings': () => jsonResponse(200, { data: farSchool() }),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      [`GET /api/cbe/classes/${ids.klass}/register`]: () => jsonResponse(200, { data: register() }),
    });
    renderWithData(<RegisterPage />, '/cbe/register');
    const list = await screen.findByRole('list', { name: 'Register' });
    expect(screen.queryByRole('table', { name: 'Register' })).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Amani Kamau', 'Baraka Otieno']);
    const baraka = within(cards[1] as HTMLElement);
    expect(baraka.getByText('(S-2)')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(baraka.getByText('Absent'));
    // The reason's label is shown on the card (no column header names it there).
    expect(baraka.getByText('Reason')).toBeTruthy();
    expect(baraka.getByLabelText('Reason for Baraka Otieno')).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('keeps the focus on Save register through the save (a keyboard user is not sent to the top)', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'worker'));
    let answer!: () => void;
    routeFetch(fetchMock, {
      'GET /api/cbe/settings': () => jsonResponse(200, { data: farSchool() }),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      [`GET /api/cbe/classes/${ids.klass}/register`]: () => jsonResponse(200, { data: register() }),
      [`PUT /api/cbe/classes/${ids.klass}/register`]: () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(jsonResponse(200, { message: 'Saved', data: register() }));
        }),
    });
    renderWithData(<RegisterPage />, '/cbe/register');
    const table = await screen.findByRole('table', { name: 'Register' });
    const user = userEvent.setup();
    await user.click(within(table).getAllByText('Present')[0] as HTMLElement);
    const saveButton = screen.getByRole('button', { name: 'Save register' }) as HTMLButtonElement;
    saveButton.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(saveButton.getAttribute('aria-busy')).toBe('true'));
    expect(saveButton.disabled).toBe(false);
    expect(document.activeElement).toBe(saveButton);
    // Enter again while it saves sends nothing more.
    await user.keyboard('{Enter}');
    answer();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Saved'));
    expect(writes()).toHaveLength(1);
    expect(document.activeElement).toBe(saveButton);
  });

  it('asks before another day or class throws away marks not saved yet', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'worker'));
    const school = farSchool();
    routeFetch(fetchMock, {
      'GET /api/cbe/settings': () => jsonResponse(200, { data: school }),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      [`GET /api/cbe/classes/${ids.klass}/register`]: () => jsonResponse(200, { data: register() }),
    });
    renderWithData(<RegisterPage />, '/cbe/register');
    const table = await screen.findByRole('table', { name: 'Register' });
    const user = userEvent.setup();
    await user.click(within(table).getAllByText('Absent')[0] as HTMLElement);
    await user.type(screen.getByLabelText('Reason for Amani Kamau'), 'Sick');
    const day = screen.getByLabelText(/^Day/) as HTMLInputElement;
    fireEvent.change(day, { target: { value: '2026-01-05' } });
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(day.value).toBe(school.today);
    expect((screen.getByLabelText('Reason for Amani Kamau') as HTMLInputElement).value).toBe('Sick');
    fireEvent.change(day, { target: { value: '2026-01-05' } });
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    await waitFor(() => expect(day.value).toBe('2026-01-05'));
  });

  it('keeps the student column at the left while the marks scroll sideways, the admission number on one line', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'worker'));
    const table = await openRegister();
    expect(within(table).getByRole('columnheader', { name: 'Student' }).className).toMatch(/column/);
    const amani = within(table).getByText('Amani Kamau').closest('td');
    expect(amani?.className).toMatch(/column/);
    expect(amani?.previousElementSibling?.className).toMatch(/nowrap/);
  });

  it("opens on the school's today, not the browser's, and offers no day after it (the picker's max)", async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'worker'));
    // The school's day (its time zone, as the API reads it) is not the browser's.
    const school = farSchool();
    expect(school.today).not.toBe(browserToday());
    routeFetch(fetchMock, {
      'GET /api/cbe/settings': () => jsonResponse(200, { data: school }),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      [`GET /api/cbe/classes/${ids.klass}/register`]: () => jsonResponse(200, { data: register() }),
    });
    renderWithData(<RegisterPage />, '/cbe/register');
    await screen.findByRole('table', { name: 'Register' });
    const day = screen.getByLabelText(/^Day/) as HTMLInputElement;
    expect(day.value).toBe(school.today);
    expect(day.max).toBe(school.today);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      `/api/cbe/classes/${ids.klass}/register?date=${school.today}`,
    );
  });

  it('shows the empty state without classes', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/cbe/settings': () => jsonResponse(200, { data: farSchool() }),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([])),
    });
    renderWithData(<RegisterPage />, '/cbe/register');
    expect(await screen.findByText('No classes yet')).toBeTruthy();
  });
});

describe('StudentsPage', { timeout: 20_000 }, () => {
  it('lists, searches and filters students, and shows an error with a retry', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'member'));
    const student: CbeStudent = {
      id: ids.amani,
      admission_no: 'S-1',
      first_name: 'Amani',
      last_name: 'Kamau',
      class_id: ids.klass,
      class_name: 'Grade 4 East',
      grade_id: ids.grade,
      status: 'active',
      guardians: [{ name: 'Grace Kamau', phone: '+254700', email: null }],
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    let fail = true;
    routeFetch(fetchMock, {
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      'GET /api/cbe/students': () =>
        fail
          ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'Boom' } })
          : jsonResponse(200, listOf([student])),
    });
    renderWithData(<StudentsPage />, '/cbe/students');
    expect(await screen.findByText('The students could not be loaded', {}, { timeout: 10_000 })).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: /try again/i }));
    const table = await screen.findByRole('table', { name: 'Students' });
    expect(within(table).getByText('Amani Kamau')).toBeTruthy();
    expect(within(table).getByText('Grace Kamau · +254700')).toBeTruthy();
    // A member reads but does not admit.
    expect(screen.queryByRole('button', { name: '+ Admit student' })).toBeNull();
    await userEvent.setup().type(screen.getByLabelText('Search by name or admission no.'), 'ama');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContainEqual(
        expect.stringContaining('q=ama'),
      ),
    );
  });
});

const dashboard = (patch: Partial<CbeDashboard> = {}): CbeDashboard => ({
  empty: false,
  has_sample: true,
  today: '2026-02-02',
  term: { id: 't', name: 'Term 1' },
  attendance: [{ class_id: ids.klass, class_name: 'Grade 4 East', today_rate: 87.5, term_rate: 91.2 }],
  levels: [{ learning_area: 'Mathematics (Grade 4)', exceeding: 3, meeting: 10, approaching: 4, below: 2 }],
  struggling: [{ student_id: ids.baraka, name: 'Baraka Otieno', class_name: 'Grade 4 East', areas: 2 }],
  collection: [
    { date: '2026-02-01', expected: '1000.0000', collected: '0.0000' },
    { date: '2026-02-02', expected: '1000.0000', collected: '400.0000' },
  ],
  arrears: { students: 1, total: '600.0000' },
  ...patch,
});

describe('CbeDashboardPage', { timeout: 20_000 }, () => {
  it('agrees its counts with their nouns: 1 student owes, 2 students owe; 1 class register, 2 class registers', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'owner'));
    let figures = dashboard();
    routeFetch(fetchMock, { 'GET /api/cbe/dashboard': () => jsonResponse(200, { data: figures }) });
    const view = renderWithData(<CbeDashboardPage />, '/dashboard_cbe');
    expect(await screen.findByText('1 student owes fees')).toBeTruthy();
    expect(screen.getByText('1 class register marked')).toBeTruthy();
    view.unmount();
    figures = dashboard({
      arrears: { students: 2, total: '900.0000' },
      attendance: [
        { class_id: ids.klass, class_name: 'Grade 4 East', today_rate: 80, term_rate: 90 },
        { class_id: ids.grade, class_name: 'Grade 4 West', today_rate: 90, term_rate: 90 },
      ],
    });
    renderWithData(<CbeDashboardPage />, '/dashboard_cbe');
    expect(await screen.findByText('2 students owe fees')).toBeTruthy();
    expect(screen.getByText('2 class registers marked')).toBeTruthy();
  });

  it('offers sample data on an empty school and loads it', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'owner'));
    let loaded = false;
    routeFetch(fetchMock, {
      'GET /api/cbe/dashboard': () =>
        jsonResponse(200, { data: loaded ? dashboard() : dashboard({ empty: true, has_sample: false }) }),
      'POST /api/cbe/sample-data': () => {
        loaded = true;
        return jsonResponse(201, {
          message: 'Sample data loaded',
          data: { students: 24, attendance: 1, assessments: 1, payments: 1 },
        });
      },
    });
    renderWithData(<CbeDashboardPage />, '/dashboard_cbe');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Load sample data' }));
    const attendance = await screen.findByRole('table', { name: 'Attendance per class' });
    expect(within(attendance).getByText('87.5%')).toBeTruthy();
    expect(within(attendance).getByText('91.2%')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Fee collection against expected' })).toBeTruthy();
    // The table behind the lines reads as money, as the text under them does (not '1000.0000').
    const collection = screen.getByRole('table', { name: 'Fee collection against expected, per day' });
    expect(within(collection).getByRole('row', { name: '2026-02-02 1,000.00 400.00' })).toBeTruthy();
    expect(screen.getByText('Baraka Otieno')).toBeTruthy();
  });

  it('says why a load another tab made first was refused, and shows the school that tab filled', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'owner'));
    // The other tab's load committed after this one read the school as empty.
    let filled = false;
    routeFetch(fetchMock, {
      'GET /api/cbe/dashboard': () =>
        jsonResponse(200, { data: filled ? dashboard() : dashboard({ empty: true, has_sample: false }) }),
      'POST /api/cbe/sample-data': () => {
        filled = true;
        return jsonResponse(409, { error: { code: 'CONFLICT', message: cbeMessages.sampleNotEmpty } });
      },
    });
    renderWithData(<CbeDashboardPage />, '/dashboard_cbe');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Load sample data' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(cbeMessages.sampleNotEmpty));
    expect(await screen.findByRole('table', { name: 'Attendance per class' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load sample data' })).toBeNull();
  });

  it('shows a teacher (member, worker) no fee figure: the API answers them none (cbe:fees)', async () => {
    for (const role of ['member', 'worker'] as const) {
      signIn(fakeWorkspaceAuthSession('cbe', role));
      routeFetch(fetchMock, {
        'GET /api/cbe/dashboard': () =>
          jsonResponse(200, { data: dashboard({ collection: null, arrears: null }) }),
      });
      const view = renderWithData(<CbeDashboardPage />, '/dashboard_cbe');
      expect(await screen.findByRole('table', { name: 'Attendance per class' })).toBeTruthy();
      expect(screen.getByText('Baraka Otieno')).toBeTruthy();
      expect(screen.queryByText('Arrears')).toBeNull();
      expect(screen.queryByText(/owes? fees/)).toBeNull();
      expect(screen.queryByText('Fee collection against expected')).toBeNull();
      expect(screen.queryByRole('img', { name: 'Fee collection against expected' })).toBeNull();
      expect(
        screen.getByText("Attendance and performance levels, from the school's own records."),
      ).toBeTruthy();
      view.unmount();
    }
  });

  it("shows a guardian (customer) their children, not a school's figures they may not read", async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'customer'));
    routeFetch(fetchMock, {
      'GET /api/cbe/children': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/children/terms': () => jsonResponse(200, listOf([])),
    });
    renderWithData(<CbeDashboardPage />, '/dashboard_cbe');
    expect(await screen.findByRole('heading', { name: 'My children' })).toBeTruthy();
    expect(screen.queryByText('The dashboard could not be loaded')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/cbe/dashboard');
  });

  it("tells a guest the school's records are not theirs to read, not that a load failed", async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'guest'));
    routeFetch(fetchMock, {});
    renderWithData(<CbeDashboardPage />, '/dashboard_cbe');
    expect(await screen.findByText('Nothing of the school to show you')).toBeTruthy();
    expect(screen.queryByText('The dashboard could not be loaded')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks before clearing the sample data', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'admin'));
    routeFetch(fetchMock, {
      'GET /api/cbe/dashboard': () => jsonResponse(200, { data: dashboard() }),
      'DELETE /api/cbe/sample-data': () =>
        jsonResponse(200, { message: 'Sample data cleared', data: { removed: 9 } }),
    });
    renderWithData(<CbeDashboardPage />, '/dashboard_cbe');
    // The school's today as every other screen shows a date.
    expect(await screen.findByText('Today is 2 Feb 2026')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Clear sample data' }));
    expect(writes()).toHaveLength(0);
    const dialog = await screen.findByRole('dialog', { name: 'Clear the sample data?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear sample data' }));
    await waitFor(() =>
      expect(writes()).toEqual([{ method: 'DELETE', url: '/api/cbe/sample-data', body: null }]),
    );
  });
});
