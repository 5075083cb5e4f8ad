import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import type { CbeStudent } from '@workhub/shared/schemas/cbe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { fakeWorkspaceAuthSession, jsonResponse, myWorkspacesRoute } from '../../../test/fixtures.ts';
import { onPhone } from '../../../test/phone.ts';
import { renderWithData } from '../../../test/render.tsx';
import { ifMatchOf, routeFetch } from '../../../test/route-fetch.ts';
import { at, classOf, listOf, pageTestKit, termOf } from './cbe-test-kit.ts';
import { ChildrenPage } from './children-page.tsx';
import { StudentsPage } from './students-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const { fetchMock, writes } = pageTestKit();

const ids = {
  klass: '00000000-0000-4000-8000-00000000e001',
  grade: '00000000-0000-4000-8000-00000000e002',
  term: '00000000-0000-4000-8000-00000000e003',
  child: '00000000-0000-4000-8000-00000000e101',
};
const klass = classOf(ids, 0);
const child: CbeStudent = {
  id: ids.child,
  admission_no: 'S-9',
  first_name: 'Imani',
  last_name: 'Wambui',
  class_id: ids.klass,
  class_name: 'Grade 4 East',
  grade_id: ids.grade,
  status: 'active',
  guardians: [],
  created_at: at,
  updated_at: at,
};

describe('StudentsPage admissions', { timeout: 20_000 }, () => {
  it('admits a student with a guardian through the shared schema (a bad e-mail is refused first)', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      'GET /api/cbe/students': () => jsonResponse(200, listOf([])),
      'POST /api/cbe/students': () => jsonResponse(201, { message: 'Created', data: child }),
    });
    renderWithData(<StudentsPage />, '/cbe/students');
    expect(await screen.findByText('No students yet')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: '+ Admit student' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Admission number/), 'S-9');
    await user.type(within(dialog).getByLabelText(/First name/), 'Imani');
    await user.type(within(dialog).getByLabelText(/Last name/), 'Wambui');
    await user.click(within(dialog).getByRole('button', { name: '+ Add guardian' }));
    await user.type(within(dialog).getByLabelText(/^Name/), 'Ruth Wambui');
    await user.type(within(dialog).getByLabelText(/E-mail/), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Admit student' }));
    expect(writes()).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText(/E-mail/));
    await user.type(within(dialog).getByLabelText(/E-mail/), 'Ruth@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Admit student' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toEqual({
      admission_no: 'S-9',
      first_name: 'Imani',
      last_name: 'Wambui',
      class_id: ids.klass,
      status: 'active',
      guardians: [{ name: 'Ruth Wambui', phone: null, email: 'ruth@example.com' }],
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Created'));
  });
});

describe('StudentsPage edits', { timeout: 20_000 }, () => {
  it('tells staff a guardian gets an account only when invited on the Team page as a Customer (a link to /team)', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      'GET /api/cbe/students': () => jsonResponse(200, listOf([])),
    });
    renderWithData(<StudentsPage />, '/cbe/students');
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: '+ Admit student' }))[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/invite the guardian's e-mail with the role Customer/)).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Team page' }).getAttribute('href')).toBe('/team');
  });

  it('edits against the version the dialog opened; on a 412 names what they changed and loads theirs', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'owner'));
    const opened = { ...child, updated_at: '2026-05-01T08:00:00.125Z' };
    const theirs: CbeStudent = {
      ...child,
      status: 'left',
      guardians: [{ name: 'Ruth Wambui', phone: null, email: null }],
      updated_at: '2026-05-01T08:02:00.000Z',
    };
    const ifMatches: string[] = [];
    routeFetch(fetchMock, {
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      'GET /api/cbe/students': () => jsonResponse(200, listOf([opened])),
      [`GET /api/cbe/students/${ids.child}`]: () => jsonResponse(200, { data: theirs }),
      [`PATCH /api/cbe/students/${ids.child}`]: (init) => {
        ifMatches.push(ifMatchOf(init));
        return jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } });
      },
    });
    renderWithData(<StudentsPage />, '/cbe/students');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Imani Wambui' }));
    await user.clear(dialog.getByLabelText(/First name/));
    await user.type(dialog.getByLabelText(/First name/), 'Imaani');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    const alert = within(await dialog.findByRole('alert'));
    await alert.findByText(/They changed: Status, Guardians\./);
    expect(ifMatches).toEqual([`"${opened.updated_at}"`]);
    expect((dialog.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Imaani');
    expect(notify.success).not.toHaveBeenCalled();
    await user.click(alert.getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect((dialog.getByLabelText(/^Status/) as HTMLSelectElement).value).toBe('left'));
    expect((dialog.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Imani');
    expect((dialog.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Ruth Wambui');
  });
});

describe('StudentsPage guardians', { timeout: 20_000 }, () => {
  it("adds guardians one after another without a message at a name not typed yet (it moved the phone's dialog under the tap)", async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      'GET /api/cbe/students': () => jsonResponse(200, listOf([])),
    });
    renderWithData(<StudentsPage />, '/cbe/students');
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: '+ Admit student' }))[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: '+ Add guardian' }));
    // The new guardian's Name has the focus; the next Add leaves it untyped.
    expect(document.activeElement).toBe(dialog.getByLabelText(/^Name/));
    await user.click(dialog.getByRole('button', { name: '+ Add guardian' }));
    expect(dialog.getAllByLabelText(/^Name/)).toHaveLength(2);
    await user.tab();
    // A name typed and wiped is the user's change: it says so when left; the other says nothing.
    const [first, second] = dialog.getAllByLabelText(/^Name/) as [HTMLInputElement, HTMLInputElement];
    await user.type(first, 'R');
    await user.clear(first);
    await user.tab();
    await waitFor(() => expect(first.getAttribute('aria-invalid')).toBe('true'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(dialog.getAllByText("Enter the guardian's name")).toHaveLength(1);
    expect(second.getAttribute('aria-invalid')).not.toBe('true');
  });
});

describe('StudentsPage filters', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('on a phone folds class and status behind "Filters"; the search and the actions stay', async () => {
    onPhone(true);
    signIn(fakeWorkspaceAuthSession('cbe', 'owner'));
    routeFetch(fetchMock, {
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      'GET /api/cbe/students': () => jsonResponse(200, listOf([child])),
    });
    renderWithData(<StudentsPage />, '/cbe/students');
    await screen.findByRole('table');
    expect(screen.getByRole('searchbox', { name: 'Search by name or admission no.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
    expect(screen.queryByLabelText('Class')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'left');
    expect(screen.getByRole('button', { name: 'Filters, 1 set' })).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.map((call) => String(call[0])).at(-1)).toContain('status=left'),
    );
  });
});

describe('ChildrenPage', { timeout: 20_000 }, () => {
  it.each([
    ["KES, the curriculum's country's, when the workspace names none", null, 'KES'],
    ["the workspace's currency when it names one", 'UGX', 'UGX'],
  ])("shows a guardian their children and a child's fee statement, in %s", async (_, currency, shown) => {
    signIn(fakeWorkspaceAuthSession('cbe', 'customer'));
    const term = termOf(ids.term, ids.grade);
    routeFetch(fetchMock, {
      ...myWorkspacesRoute('cbe', currency),
      'GET /api/cbe/children': () => jsonResponse(200, listOf([child])),
      'GET /api/cbe/children/terms': () => jsonResponse(200, listOf([term])),
      [`GET /api/cbe/children/${ids.child}/statement`]: () =>
        jsonResponse(200, {
          data: {
            student: { id: ids.child, name: 'Imani Wambui', admission_no: 'S-9' },
            lines: [
              {
                date: '2026-01-05',
                kind: 'invoice',
                description: 'Fees: Term 1',
                debit: '18500.0000',
                credit: '0.0000',
                balance: '18500.0000',
              },
            ],
            balance: '18500.0000',
          },
        }),
    });
    renderWithData(<ChildrenPage />, '/cbe/children');
    expect(await screen.findByText('Imani Wambui')).toBeTruthy();
    // The admission number never breaks after its hyphen on a phone.
    expect(screen.getByText(child.admission_no).style.whiteSpace).toBe('nowrap');
    expect(await screen.findByRole('button', { name: 'Report card' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fee statement' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(`Balance due: ${shown} 18,500.00`)).toBeTruthy();
    expect(within(dialog).getByRole('columnheader', { name: `Charged (${shown})` })).toBeTruthy();
    // On a phone the dialog cut the Balance column off: the statement scrolls sideways in its frame
    // (the table keeps its width), and a date stays on one line ('2026-' / '01-05' before).
    const statement = within(dialog).getByRole('table', { name: 'Statement' });
    expect(statement.parentElement?.className).toMatch(/scroller/);
    expect(statement.style.minWidth).not.toBe('');
    expect(within(statement).getByText('2026-01-05').style.whiteSpace).toBe('nowrap');
  });

  it('shows whether each child is still at the school: one who left is marked so', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'customer'));
    const left: CbeStudent = {
      ...child,
      id: '00000000-0000-4000-8000-00000000e102',
      first_name: 'Juma',
      admission_no: 'S-10',
      status: 'left',
    };
    routeFetch(fetchMock, {
      'GET /api/cbe/children': () => jsonResponse(200, listOf([child, left])),
      'GET /api/cbe/children/terms': () => jsonResponse(200, listOf([])),
    });
    renderWithData(<ChildrenPage />, '/cbe/children');
    const card = (name: string) =>
      within(screen.getByText(name).closest('.mantine-Paper-root') as HTMLElement);
    expect(await screen.findByText('Juma Wambui')).toBeTruthy();
    expect(card('Juma Wambui').getByText('Left the school')).toBeTruthy();
    expect(card('Imani Wambui').getByText('At the school')).toBeTruthy();
    expect(card('Imani Wambui').queryByText('Left the school')).toBeNull();
  });

  it('says how to be found when no child matches', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'customer'));
    routeFetch(fetchMock, {
      'GET /api/cbe/children': () => jsonResponse(200, listOf([])),
      'GET /api/cbe/children/terms': () => jsonResponse(200, listOf([])),
    });
    renderWithData(<ChildrenPage />, '/cbe/children');
    expect(await screen.findByText('No children found')).toBeTruthy();
  });
});
