import { rem } from '@mantine/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import {
  type CbeFeeStructure,
  type CbeGradebook,
  type CbeInvoice,
  type CbeLearningArea,
  type CbePayment,
  cbeMessages,
} from '@workhub/shared/schemas/cbe';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { reportingResizeObserver } from '../../../test/resize-observer.ts';
import { ifMatchOf, routeFetch } from '../../../test/route-fetch.ts';
import { at, browserToday, classOf, farSchool, listOf, pageTestKit, termOf } from './cbe-test-kit.ts';
import { FeesPage } from './fees-page.tsx';
import { GradebookPage } from './gradebook-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const { fetchMock, writes } = pageTestKit();

const ids = {
  klass: '00000000-0000-4000-8000-00000000d001',
  grade: '00000000-0000-4000-8000-00000000d002',
  term: '00000000-0000-4000-8000-00000000d003',
  area: '00000000-0000-4000-8000-00000000d004',
  strand: '00000000-0000-4000-8000-00000000d005',
  whole: '00000000-0000-4000-8000-00000000d006',
  fractions: '00000000-0000-4000-8000-00000000d007',
  amani: '00000000-0000-4000-8000-00000000d101',
  invoice: '00000000-0000-4000-8000-00000000d201',
  fee: '00000000-0000-4000-8000-00000000d301',
};

const klass = classOf(ids, 1);
const term = termOf(ids.term, ids.grade);
const area: CbeLearningArea = {
  id: ids.area,
  grade_id: ids.grade,
  grade_name: 'Grade 4',
  name: 'Mathematics',
  created_at: at,
};
const book: CbeGradebook = {
  class_id: ids.klass,
  learning_area_id: ids.area,
  term_id: ids.term,
  strands: [
    {
      id: ids.strand,
      name: 'Numbers',
      sub_strands: [
        { id: ids.whole, name: 'Whole numbers' },
        { id: ids.fractions, name: 'Fractions' },
      ],
    },
  ],
  students: [
    { id: ids.amani, admission_no: 'S-1', name: 'Amani Kamau', remarks: 'A kind and curious learner.' },
  ],
  entries: [{ student_id: ids.amani, sub_strand_id: ids.whole, level: 'meeting', comment: null }],
};

/** A member signed in to a school whose one class has `book` for its gradebook (and saves it). */
const openGradebook = (more: Parameters<typeof routeFetch>[1] = {}) => {
  signIn(fakeWorkspaceAuthSession('cbe', 'member'));
  routeFetch(fetchMock, {
    'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
    'GET /api/cbe/terms': () => jsonResponse(200, listOf([term])),
    'GET /api/cbe/learning-areas': () => jsonResponse(200, listOf([area])),
    [`GET /api/cbe/classes/${ids.klass}/gradebook`]: () => jsonResponse(200, { data: book }),
    [`PUT /api/cbe/classes/${ids.klass}/gradebook`]: () =>
      jsonResponse(200, { message: 'Saved', data: book }),
    ...more,
  });
};

describe('GradebookPage', { timeout: 20_000 }, () => {
  it('shows the levels, and saves only the changed cells (a level and a comment, a cleared level as null)', async () => {
    openGradebook();
    renderWithData(<GradebookPage />, '/cbe/gradebook');
    const whole = (await screen.findByLabelText('Amani Kamau: Whole numbers')) as HTMLSelectElement;
    expect(whole.value).toBe('meeting');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Amani Kamau: Fractions'), 'below');
    await user.type(screen.getByLabelText('Comment for Amani Kamau: Fractions'), 'Needs practice');
    await user.selectOptions(whole, '');
    await user.click(screen.getByRole('button', { name: 'Save gradebook' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toEqual({
      learning_area_id: ids.area,
      term_id: ids.term,
      entries: expect.arrayContaining([
        { student_id: ids.amani, sub_strand_id: ids.fractions, level: 'below', comment: 'Needs practice' },
        { student_id: ids.amani, sub_strand_id: ids.whole, level: null, comment: null },
      ]),
    });
    expect(writes()[0]?.body.entries).toHaveLength(2);
  });

  it("opens a student's Remarks on the remarks already saved for the term, and saves what is there", async () => {
    openGradebook({
      [`PUT /api/cbe/students/${ids.amani}/report-cards/${ids.term}/remarks`]: () =>
        jsonResponse(200, { message: 'Saved', data: {} }),
    });
    renderWithData(<GradebookPage />, '/cbe/gradebook');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remarks' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report card remarks' }));
    const box = dialog.getByLabelText("Class teacher's remarks on Amani Kamau") as HTMLTextAreaElement;
    expect(box.value).toBe('A kind and curious learner.');
    await user.type(box, ' Reads well.');
    await user.click(dialog.getByRole('button', { name: 'Save remarks' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toEqual({ remarks: 'A kind and curious learner. Reads well.' });
  });

  it('keeps levels typed and not yet saved when the gradebook reloads (remarks saved meanwhile)', async () => {
    let remarks = 'A kind and curious learner.';
    openGradebook({
      [`GET /api/cbe/classes/${ids.klass}/gradebook`]: () =>
        jsonResponse(200, {
          data: { ...book, students: book.students.map((student) => ({ ...student, remarks })) },
        }),
      [`PUT /api/cbe/students/${ids.amani}/report-cards/${ids.term}/remarks`]: (init) => {
        remarks = JSON.parse(String(init?.body)).remarks;
        return jsonResponse(200, { message: 'Saved', data: {} });
      },
    });
    renderWithData(<GradebookPage />, '/cbe/gradebook');
    const user = userEvent.setup();
    const fractions = (await screen.findByLabelText('Amani Kamau: Fractions')) as HTMLSelectElement;
    await user.selectOptions(fractions, 'exceeding');
    await user.click(screen.getByRole('button', { name: 'Remarks' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report card remarks' }));
    await user.type(dialog.getByLabelText("Class teacher's remarks on Amani Kamau"), ' Loves maths.');
    const reads = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/gradebook')).length;
    const before = reads();
    await user.click(dialog.getByRole('button', { name: 'Save remarks' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The gradebook is read again with the new remarks; the level typed before stays, unsaved.
    await waitFor(() => expect(reads()).toBe(before + 1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remarks' }).getAttribute('data-loading')).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: 'Remarks' }));
    expect(
      (
        within(await screen.findByRole('dialog', { name: 'Report card remarks' })).getByLabelText(
          "Class teacher's remarks on Amani Kamau",
        ) as HTMLTextAreaElement
      ).value,
    ).toBe('A kind and curious learner. Loves maths.');
    await user.keyboard('{Escape}');
    expect((screen.getByLabelText('Amani Kamau: Fractions') as HTMLSelectElement).value).toBe('exceeding');
    expect(screen.getByRole('button', { name: 'Save gradebook' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('sends no comment without its level: says where, and puts the focus on that level', async () => {
    openGradebook();
    renderWithData(<GradebookPage />, '/cbe/gradebook');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Comment for Amani Kamau: Fractions'), 'Ask at home');
    await user.click(screen.getByRole('button', { name: 'Save gradebook' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(`Amani Kamau, Fractions: ${cbeMessages.commentNeedsLevel}`),
    );
    expect(writes()).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByLabelText('Amani Kamau: Fractions'));
    // Typed comment kept; with a level it is sent.
    await user.selectOptions(screen.getByLabelText('Amani Kamau: Fractions'), 'approaching');
    await user.click(screen.getByRole('button', { name: 'Save gradebook' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body.entries).toEqual([
      { student_id: ids.amani, sub_strand_id: ids.fractions, level: 'approaching', comment: 'Ask at home' },
    ]);
  });

  it('keeps the focus on Save gradebook through the save and after it, when nothing is left to save', async () => {
    let answer!: () => void;
    openGradebook({
      [`PUT /api/cbe/classes/${ids.klass}/gradebook`]: () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(jsonResponse(200, { message: 'Saved', data: book }));
        }),
    });
    renderWithData(<GradebookPage />, '/cbe/gradebook');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Amani Kamau: Fractions'), 'below');
    const saveButton = screen.getByRole('button', { name: 'Save gradebook' }) as HTMLButtonElement;
    saveButton.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(saveButton.getAttribute('aria-busy')).toBe('true'));
    expect(saveButton.disabled).toBe(false);
    await user.keyboard('{Enter}');
    answer();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Gradebook saved'));
    expect(writes()).toHaveLength(1);
    // Nothing left to save: it says so, and keeps the focus.
    expect(saveButton.getAttribute('aria-disabled')).toBe('true');
    expect(saveButton.disabled).toBe(false);
    expect(document.activeElement).toBe(saveButton);
    await user.keyboard('{Enter}');
    expect(writes()).toHaveLength(1);
  });

  it('keeps the header row and the student column in view as the levels scroll', async () => {
    openGradebook();
    renderWithData(<GradebookPage />, '/cbe/gradebook');
    const table = await screen.findByRole('table', { name: 'Gradebook' });
    // Mantine's sticky header row (data-sticky on the thead).
    expect(table.querySelector('thead')?.hasAttribute('data-sticky')).toBe(true);
    expect(within(table).getByRole('columnheader', { name: 'Student' }).className).toMatch(/column/);
    const amani = within(table).getByText('Amani Kamau').closest('td');
    expect(amani?.className).toMatch(/column/);
    expect((within(table).getByText('S-1') as HTMLElement).style.whiteSpace).toBe('nowrap');
  });
});

describe('GradebookPage at a desktop width', { timeout: 20_000 }, () => {
  it('shows a level by its whole name, and says the table scrolls sideways (the hint, a region) when wider than its box', async () => {
    reportingResizeObserver();
    // jsdom lays nothing out: a 1000 px box around a wider table.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1400);
    openGradebook();
    renderWithData(<GradebookPage />, '/cbe/gradebook');
    const whole = (await screen.findByLabelText('Amani Kamau: Whole numbers')) as HTMLSelectElement;
    expect(whole.title).toBe('Meeting Expectation');
    expect(whole.selectedOptions[0]?.textContent).toBe('ME · Meeting Expectation');
    // The cell is wide enough for it (it was 150 px: 'ME · Meeting E').
    expect(whole.closest('td')?.style.minWidth).toBe(rem(250));
    const region = await screen.findByRole('region', { name: 'Gradebook, scrollable' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.getAttribute('aria-describedby')).toBe(screen.getByText(messages.tableScrollHint).id);
    expect(within(region).getByRole('button', { name: 'Remarks' })).toBeTruthy();
    vi.restoreAllMocks();
  });
});

describe('GradebookPage with unsaved changes', { timeout: 30_000 }, () => {
  const science: CbeLearningArea = { ...area, id: '00000000-0000-4000-8000-00000000d008', name: 'Science' };
  /** The gradebook as the app shows it: a sidebar link away from the students' page. */
  const renderInApp = () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'member'));
    routeFetch(fetchMock, {
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      'GET /api/cbe/terms': () => jsonResponse(200, listOf([term])),
      'GET /api/cbe/learning-areas': () => jsonResponse(200, listOf([area, science])),
      [`GET /api/cbe/classes/${ids.klass}/gradebook`]: () => jsonResponse(200, { data: book }),
      [`PUT /api/cbe/classes/${ids.klass}/gradebook`]: () =>
        jsonResponse(200, { message: 'Saved', data: book }),
    });
    renderWithData(
      <>
        <Link to="/cbe/students">Students</Link>
        <Routes>
          <Route path="/cbe/gradebook" element={<GradebookPage />} />
          <Route path="/cbe/students" element={<p>The students page</p>} />
        </Routes>
      </>,
      '/cbe/gradebook',
    );
  };
  const beforeUnloadIsHeld = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('asks before a link, a reload or another learning area throws away unsaved levels', async () => {
    renderInApp();
    const fractions = (await screen.findByLabelText('Amani Kamau: Fractions')) as HTMLSelectElement;
    const user = userEvent.setup();
    // Nothing changed yet: nothing to ask about.
    expect(beforeUnloadIsHeld()).toBe(false);
    await user.selectOptions(fractions, 'below');
    expect(beforeUnloadIsHeld()).toBe(true);

    // Another learning area: asked; Cancel keeps the area and the edit.
    const areaSelect = screen.getByLabelText('Learning area') as HTMLSelectElement;
    await user.selectOptions(areaSelect, 'Science');
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(areaSelect.value).toBe(ids.area);
    expect((screen.getByLabelText('Amani Kamau: Fractions') as HTMLSelectElement).value).toBe('below');

    // A sidebar link: asked; Cancel stays; Discard changes goes.
    await user.click(screen.getByRole('link', { name: 'Students' }));
    const leave = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(leave).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('The students page')).toBeNull();
    expect((screen.getByLabelText('Amani Kamau: Fractions') as HTMLSelectElement).value).toBe('below');
    await user.click(screen.getByRole('link', { name: 'Students' }));
    const again = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(again).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByText('The students page')).toBeTruthy();
    expect(beforeUnloadIsHeld()).toBe(false);
    expect(writes()).toHaveLength(0);
  });

  it('switches the learning area once the discard is confirmed, and lets a saved gradebook go unasked', async () => {
    renderInApp();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Amani Kamau: Fractions'), 'below');
    const areaSelect = screen.getByLabelText('Learning area') as HTMLSelectElement;
    fireEvent.change(areaSelect, { target: { value: science.id } });
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(areaSelect.value).toBe(science.id));
    const saveButton = screen.getByRole('button', { name: 'Save gradebook' }) as HTMLButtonElement;
    await waitFor(() => expect(saveButton.getAttribute('aria-disabled')).toBe('true'));

    await user.selectOptions(await screen.findByLabelText('Amani Kamau: Fractions'), 'meeting');
    await user.click(screen.getByRole('button', { name: 'Save gradebook' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Gradebook saved'));
    expect(beforeUnloadIsHeld()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Students' }));
    expect(await screen.findByText('The students page')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** What the fees page reads: the school, Grade 4, its class and term, and the two lists given. */
const feesPageRoutes = (invoices: CbeInvoice[], structures: CbeFeeStructure[]) => ({
  'GET /api/cbe/settings': () => jsonResponse(200, { data: farSchool() }),
  'GET /api/cbe/grades': () =>
    jsonResponse(200, listOf([{ id: ids.grade, name: 'Grade 4', level: 4, created_at: at }])),
  'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
  'GET /api/cbe/terms': () => jsonResponse(200, listOf([term])),
  'GET /api/cbe/invoices': () => jsonResponse(200, listOf(invoices)),
  'GET /api/cbe/fee-structures': () => jsonResponse(200, listOf(structures)),
});

describe('FeesPage', { timeout: 20_000 }, () => {
  it('opens the tab its address names, so a reload or Back keeps it', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'admin'));
    routeFetch(fetchMock, feesPageRoutes([], []));
    renderWithData(<FeesPage />, '/cbe/fees?tab=structures');
    const tab = await screen.findByRole('tab', { name: 'Fee structures' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Invoices' }).getAttribute('aria-selected')).toBe('false');
  });

  it('edits a fee structure against the version it opened; on a 412 names what they changed and loads theirs', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'admin'));
    const opened: CbeFeeStructure = {
      id: ids.fee,
      grade_id: ids.grade,
      grade_name: 'Grade 4',
      term_id: ids.term,
      term_name: 'Term 1',
      amount: '18500.0000',
      description: 'Tuition',
      in_use: false,
      created_at: at,
      updated_at: '2026-01-05T08:00:00.125Z',
    };
    const theirs = { ...opened, amount: '19000.0000', updated_at: '2026-01-05T08:03:00.000Z' };
    const ifMatches: string[] = [];
    routeFetch(fetchMock, {
      ...feesPageRoutes([], [opened]),
      [`GET /api/cbe/fee-structures/${ids.fee}`]: () => jsonResponse(200, { data: theirs }),
      [`PATCH /api/cbe/fee-structures/${ids.fee}`]: (init) => {
        ifMatches.push(ifMatchOf(init));
        return jsonResponse(412, { error: { code: 'EDIT_CONFLICT', message: messages.editConflict } });
      },
    });
    renderWithData(<FeesPage />, '/cbe/fees');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Fee structures' }));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit fee structure' }));
    // The amount as typed, not as stored ('18500.0000').
    expect((dialog.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('18500');
    await user.clear(dialog.getByLabelText(/^Description/));
    await user.type(dialog.getByLabelText(/^Description/), 'Tuition and lunch');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    const alert = within(await dialog.findByRole('alert'));
    await alert.findByText(/They changed: Amount\./);
    expect(ifMatches).toEqual([`"${opened.updated_at}"`]);
    expect((dialog.getByLabelText(/^Description/) as HTMLInputElement).value).toBe('Tuition and lunch');
    await user.click(alert.getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect((dialog.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('19000'));
    expect((dialog.getByLabelText(/^Description/) as HTMLInputElement).value).toBe('Tuition');
  });

  it('locks the grade, term and amount of a structure invoices were issued at, says why, and saves its description', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'admin'));
    const issued: CbeFeeStructure = {
      id: ids.fee,
      grade_id: ids.grade,
      grade_name: 'Grade 4',
      term_id: ids.term,
      term_name: 'Term 1',
      amount: '18500.0000',
      description: 'Tuition',
      in_use: true,
      created_at: at,
      updated_at: '2026-01-05T08:00:00.125Z',
    };
    const bodies: unknown[] = [];
    routeFetch(fetchMock, {
      ...feesPageRoutes([], [issued]),
      [`PATCH /api/cbe/fee-structures/${ids.fee}`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { message: 'Saved', data: { ...issued, description: 'Tuition and lunch' } });
      },
    });
    renderWithData(<FeesPage />, '/cbe/fees?tab=structures');
    const user = userEvent.setup();
    expect(await screen.findByText('Invoiced')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit fee structure' }));
    expect(dialog.getByText(cbeMessages.feeStructureLocked)).toBeTruthy();
    for (const label of [/^Grade/, /^Term/, /^Amount/]) {
      expect((dialog.getByLabelText(label) as HTMLInputElement).readOnly, String(label)).toBe(true);
    }
    expect((dialog.getByLabelText(/^Grade/) as HTMLInputElement).value).toBe('Grade 4');
    await user.clear(dialog.getByLabelText(/^Description/));
    await user.type(dialog.getByLabelText(/^Description/), 'Tuition and lunch');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      grade_id: ids.grade,
      term_id: ids.term,
      amount: '18500',
      description: 'Tuition and lunch',
    });
  });

  it("shows a payment's method as the payment form labels it (M-Pesa), not its code", async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'admin'));
    const payment: CbePayment = {
      id: ids.invoice,
      invoice_id: ids.invoice,
      student_id: ids.amani,
      student_name: 'Amani Kamau',
      amount: '500.0000',
      paid_on: '2026-01-20',
      method: 'mpesa',
      reference: 'MP123',
      created_at: at,
    };
    routeFetch(fetchMock, {
      ...feesPageRoutes([], []),
      'GET /api/cbe/payments': () => jsonResponse(200, listOf([payment])),
    });
    renderWithData(<FeesPage />, '/cbe/fees?tab=payments');
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(await within(table).findByText('M-Pesa')).toBeTruthy();
    expect(within(table).queryByText('mpesa')).toBeNull();
  });

  it('opens each form on its first field: a keyboard chooses or types at once, not from Close', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'admin'));
    const invoice: CbeInvoice = {
      id: ids.invoice,
      student_id: ids.amani,
      student_name: 'Amani Kamau',
      admission_no: 'S-1',
      term_id: ids.term,
      term_name: 'Term 1',
      amount: '18500.0000',
      paid: '0.0000',
      balance: '18500.0000',
      issued_on: '2026-01-05',
      created_at: at,
    };
    routeFetch(fetchMock, {
      ...feesPageRoutes([invoice], []),
    });
    renderWithData(<FeesPage />, '/cbe/fees');
    const user = userEvent.setup();
    /** Opens a dialog with Enter on its button; the field the focus starts in; the dialog closed. */
    const focusedOn = async (button: HTMLElement, title: string, field: RegExp) => {
      button.focus();
      await user.keyboard('{Enter}');
      const dialog = within(await screen.findByRole('dialog', { name: title }));
      const first = await dialog.findByLabelText(field);
      await waitFor(() => expect(document.activeElement, title).toBe(first));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    const table = await screen.findByRole('table', { name: 'Invoices' });
    await focusedOn(
      screen.getByRole('button', { name: 'Issue invoices' }),
      'Issue invoices for a class',
      /^Class/,
    );
    await focusedOn(
      within(table).getByRole('button', { name: 'Record payment' }),
      'Record a payment',
      /^Amount/,
    );
    await user.click(screen.getByRole('tab', { name: 'Fee structures' }));
    await focusedOn(
      await screen.findByRole('button', { name: '+ Fee structure' }),
      'New fee structure',
      /^Grade/,
    );
  });

  it('records a payment against an invoice with the shared schema, refusing a bad amount first', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'admin'));
    const invoice: CbeInvoice = {
      id: ids.invoice,
      student_id: ids.amani,
      student_name: 'Amani Kamau',
      admission_no: 'S-1',
      term_id: ids.term,
      term_name: 'Term 1',
      amount: '18500.0000',
      paid: '0.0000',
      balance: '18500.0000',
      issued_on: '2026-01-05',
      created_at: at,
    };
    // The school's day (its time zone, as the API reads it) is not the browser's.
    const school = farSchool();
    expect(school.today).not.toBe(browserToday());
    routeFetch(fetchMock, {
      'GET /api/cbe/settings': () => jsonResponse(200, { data: school }),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      'GET /api/cbe/terms': () => jsonResponse(200, listOf([term])),
      'GET /api/cbe/invoices': () => jsonResponse(200, listOf([invoice])),
      'POST /api/cbe/payments': () => jsonResponse(201, { message: 'Payment recorded', data: {} }),
    });
    renderWithData(<FeesPage />, '/cbe/fees');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).getAllByText('18,500.00')).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog');
    // Dated the school's today by default; no day after it, nor before 2000, can be picked.
    const paidOn = (await within(dialog).findByLabelText(/Paid on/)) as HTMLInputElement;
    expect(paidOn.value).toBe(school.today);
    expect(paidOn.max).toBe(school.today);
    expect(paidOn.min).toBe('2000-01-01');
    // A fraction of a cent, or a day before 2000 typed in, is refused before it is sent.
    const amount = within(dialog).getByLabelText(/Amount/);
    await user.type(amount, '1000.005');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText(cbeMessages.amountCents)).toBeTruthy();
    expect(writes()).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(writes()).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '5000');
    fireEvent.change(paidOn, { target: { value: '1999-12-31' } });
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText(cbeMessages.paidOnTooEarly)).toBeTruthy();
    expect(writes()).toHaveLength(0);
    fireEvent.change(paidOn, { target: { value: school.today } });
    await user.type(within(dialog).getByLabelText('Reference'), 'QK7X2B1');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toMatchObject({
      invoice_id: ids.invoice,
      amount: '5000',
      paid_on: school.today,
      method: 'mpesa',
      reference: 'QK7X2B1',
    });
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        `Payment of KES 5,000.00 recorded for ${invoice.student_name}`,
      ),
    );
  });

  it("keeps a student's admission number and an invoice's date on one line ('S-' / '1003', '2026-' / '01-05')", async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'admin'));
    const name = 'Wilhelmina-Alexandrina Nomvula Thandiwe Featherstonehaugh-Cholmondeley';
    const invoice: CbeInvoice = {
      id: ids.invoice,
      student_id: ids.amani,
      student_name: name,
      admission_no: 'S-1003',
      term_id: ids.term,
      term_name: 'Term 1',
      amount: '18500.0000',
      paid: '0.0000',
      balance: '18500.0000',
      issued_on: '2026-01-05',
      created_at: at,
    };
    const arrear = {
      student_id: ids.amani,
      admission_no: 'S-1003',
      name,
      class_name: 'Grade 4 East',
      invoiced: '18500.0000',
      paid: '0.0000',
      balance: '18500.0000',
    };
    routeFetch(fetchMock, {
      'GET /api/cbe/settings': () => jsonResponse(200, { data: farSchool() }),
      'GET /api/cbe/classes': () => jsonResponse(200, listOf([klass])),
      'GET /api/cbe/terms': () => jsonResponse(200, listOf([term])),
      'GET /api/cbe/invoices': () => jsonResponse(200, listOf([invoice])),
      'GET /api/cbe/arrears': () => jsonResponse(200, listOf([arrear])),
      [`GET /api/cbe/students/${ids.amani}/statement`]: () =>
        jsonResponse(200, {
          data: { student: { id: ids.amani, name, admission_no: 'S-1003' }, lines: [], balance: '0.0000' },
        }),
    });
    renderWithData(<FeesPage />, '/cbe/fees');
    // The name may wrap at its spaces; '(S-1003)' is one unbreakable piece ('(S-' / '1003)' before).
    const whole = (holder: HTMLElement) => {
      expect(holder.textContent).toContain(`${name} (S-1003)`);
      const number = [...holder.querySelectorAll('*')].find((e) => e.textContent === '(S-1003)');
      expect(number, 'the admission number in an element of its own').toBeTruthy();
      expect(getComputedStyle(number as Element).whiteSpace).toBe('nowrap');
    };
    const invoices = await screen.findByRole('table', { name: 'Invoices' });
    whole(within(invoices).getAllByRole('row')[1] as HTMLElement);
    expect(within(invoices).getByText('2026-01-05').className).toMatch(/nowrap/);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Arrears' }));
    const arrears = await screen.findByRole('table', { name: 'Arrears' });
    whole(within(arrears).getAllByRole('row')[1] as HTMLElement);
    await user.click(within(arrears).getByRole('button', { name: 'Statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statement' });
    await within(dialog).findByText('No invoices or payments yet.');
    whole(dialog);
  });
});
