import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import type { MrpException } from '@workhub/shared/schemas/operations-mrp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { onPhone } from '../../../test/phone.ts';
import { renderPage, renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { rowWith } from '../../../test/table.ts';
import {
  fakeException,
  fakeProposals,
  fakeRun,
  fakeRunOverview,
  listOf,
  opsIds,
  pageOf,
} from '../testing/fixtures.ts';
import { MrpRunPage } from './mrp-run-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

// The run's head: an item of the runs' list and its overview alike (neither carries exceptions).
const runItem = fakeRunOverview();

/** The one proposal `?id=` names (none when it is not of the run), else the page of every proposal. */
const answerProposals = (url: string) => {
  const id = new URL(url, 'http://localhost').searchParams.get('id');
  const proposals = fakeProposals();
  return jsonResponse(200, listOf(id ? proposals.filter((proposal) => proposal.id === id) : proposals));
};

/** The page of `exceptions` the URL asks for (its kind, page and limit), as the API answers it. */
const answerExceptions =
  (exceptions: MrpException[] = [fakeException()]) =>
  (_init: RequestInit | undefined, url: string) =>
    jsonResponse(200, pageOf(exceptions, url));

// No route for GET /api/mrp/runs/:id (the whole run): a call to it would fail the page.
const routes = (extra: Parameters<typeof routeFetch>[1] = {}) =>
  routeFetch(fetchMock, {
    'GET /api/mrp/runs': () => jsonResponse(200, listOf([runItem])),
    [`GET /api/mrp/runs/${opsIds.run}/overview`]: () => jsonResponse(200, { data: runItem }),
    [`GET /api/mrp/runs/${opsIds.run}/proposals`]: (_init, url) => answerProposals(url),
    [`GET /api/mrp/runs/${opsIds.run}/exceptions`]: answerExceptions(),
    ...extra,
  });

const exceptionsPath = `/api/mrp/runs/${opsIds.run}/exceptions`;
/** The URLs of the run's exceptions asked for, in order. */
const exceptionCalls = () => calledUrls(fetchMock).filter((url) => url.startsWith(`${exceptionsPath}?`));
/** The Exceptions section of the page (shown once the runs are loaded). */
const exceptionsSection = () => within(screen.getByRole('region', { name: 'Exceptions' }));
const findExceptionsSection = async () => within(await screen.findByRole('region', { name: 'Exceptions' }));

/** 12 exceptions (two pages of 10): a serious one first, then 11 below safety stock. */
const twelveExceptions = (): MrpException[] => [
  fakeException(),
  ...Array.from({ length: 11 }, (_, index) =>
    fakeException({
      kind: 'below_safety',
      product_id: opsIds.rim,
      product_name: 'Rim',
      proposal_id: undefined,
      message: `Rim below safety stock (${index + 1})`,
    }),
  ),
];

/** Whether the page asked for a whole run, with every proposal (GET /api/mrp/runs/:id). */
const askedWholeRun = (id: string) =>
  calledUrls(fetchMock).some((url) => url.split('?')[0] === `/api/mrp/runs/${id}`);

/** The URLs of the parent proposals looked up by id (GET .../proposals?id=...). */
const parentLookups = () => calledUrls(fetchMock).filter((url) => /\/proposals\?(.*&)?id=/.test(url));

describe('MrpRunPage', { timeout: 20_000 }, () => {
  it('names each run in its picker without the horizon on a phone, where the whole name was cut off', async () => {
    onPhone(true);
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    routes();
    renderWithData(<MrpRunPage />, '/operations/mrp');
    await screen.findByRole('table', { name: 'Proposals' });
    const picker = screen.getByRole('combobox', { name: 'Run' }) as HTMLSelectElement;
    expect(picker.selectedOptions[0]?.textContent).toMatch(/^[^·]+ · 3 proposals$/);
    vi.restoreAllMocks();
  });

  it('opens the latest run: its summary, its exceptions and its proposals, past due ones in red', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    routes();
    renderWithData(<MrpRunPage />, '/operations/mrp');
    await screen.findByRole('table', { name: 'Proposals' });
    expect(within(screen.getByRole('group', { name: 'Past due' })).getByText('1')).toBeTruthy();
    const exceptions = within(await screen.findByRole('list', { name: 'Exceptions' }));
    expect(exceptions.getByText('Buy 216 Spoke: release 20 Feb 2026 is before today')).toBeTruthy();
    expect(exceptions.getByText('Past due')).toBeTruthy();
    expect(exceptionsSection().getByText('1 exception')).toBeTruthy();
    // Counts agree with their nouns: one exception, three proposals, one run kept.
    expect(within(screen.getByRole('group', { name: 'Run time' })).getByText('1 exception')).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Run' }) as HTMLSelectElement;
    expect(picker.selectedOptions[0]?.textContent).toMatch(/ · 90 days · 3 proposals$/);
    expect(screen.getByText('1 run kept')).toBeTruthy();

    const spoke = screen.getAllByRole('row').find((row) => row.textContent?.includes('Spoke'));
    expect(spoke?.getAttribute('data-past-due')).toBe('true');
    expect(rowWith('Spoke').getByText('Past due')).toBeTruthy();
    expect(rowWith('Spoke').getByText('Buy')).toBeTruthy();
    const wheel = screen.getAllByRole('row').find((row) => row.textContent?.includes('Wheel'));
    expect(wheel?.getAttribute('data-past-due')).toBeNull();
    expect(rowWith('Wheel').queryByText('Past due')).toBeNull();
    expect(calledUrls(fetchMock)).toContain(`/api/mrp/runs/${opsIds.run}/proposals?page=1&limit=25`);
    expect(calledUrls(fetchMock)).toContain(`/api/mrp/runs/${opsIds.run}/overview`);
    expect(exceptionCalls()).toEqual([`${exceptionsPath}?page=1&limit=10`]);
    expect(askedWholeRun(opsIds.run)).toBe(false);
    expect(parentLookups()).toEqual([]);
  });

  it('shows what a proposal covers on click, and follows a parent proposal to its customer order', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'admin'));
    routes();
    renderWithData(<MrpRunPage />, '/operations/mrp');
    await screen.findByRole('table', { name: 'Proposals' });

    await user.click(screen.getByRole('button', { name: 'What proposal 3 covers' }));
    let drawer = await screen.findByRole('dialog', { name: 'Buy 216 Spoke' });
    const covers = within(within(drawer).getByRole('list', { name: 'Covers' }));
    expect(covers.getByText('Parent proposal')).toBeTruthy();
    expect(covers.getByText('216')).toBeTruthy();

    await user.click(covers.getByRole('button', { name: 'Work proposal 2: 6 Wheel' }));
    drawer = await screen.findByRole('dialog', { name: 'Make 6 Wheel' });
    await user.click(within(drawer).getByRole('button', { name: 'Work proposal 1: 3 Bicycle' }));
    drawer = await screen.findByRole('dialog', { name: 'Make 3 Bicycle' });
    const order = within(drawer).getByRole('link', { name: 'CO-00001 line 1 (Acme)' });
    expect(order.getAttribute('href')).toBe(`/operations/customer-orders/${opsIds.order}`);

    // Each parent was asked for alone, by its id, and never the whole run.
    expect(parentLookups()).toEqual([
      `/api/mrp/runs/${opsIds.run}/proposals?id=${opsIds.wheelProposal}&page=1&limit=1`,
      `/api/mrp/runs/${opsIds.run}/proposals?id=${opsIds.bicycleProposal}&page=1&limit=1`,
    ]);
    expect(askedWholeRun(opsIds.run)).toBe(false);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows why a parent proposal could not be fetched, and stays on the proposal', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'admin'));
    routes({
      [`GET /api/mrp/runs/${opsIds.run}/proposals`]: (_init, url) =>
        url.includes('id=')
          ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'The server is busy' } })
          : answerProposals(url),
    });
    renderWithData(<MrpRunPage />, '/operations/mrp');
    await screen.findByRole('table', { name: 'Proposals' });
    await user.click(screen.getByRole('button', { name: 'What proposal 3 covers' }));
    const drawer = await screen.findByRole('dialog', { name: 'Buy 216 Spoke' });

    const parent = within(drawer).getByRole('button', {
      name: 'Work proposal 2: 6 Wheel',
    }) as HTMLButtonElement;
    await user.click(parent);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('The server is busy'));
    await waitFor(() => expect(parent.disabled).toBe(false));
    expect(screen.getByRole('dialog', { name: 'Buy 216 Spoke' })).toBeTruthy();
    expect(parentLookups()).toEqual([
      `/api/mrp/runs/${opsIds.run}/proposals?id=${opsIds.wheelProposal}&page=1&limit=1`,
    ]);
  });

  it('says so when the parent proposal is not one of the run', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'admin'));
    routes({
      [`GET /api/mrp/runs/${opsIds.run}/proposals`]: (_init, url) =>
        url.includes('id=') ? jsonResponse(200, listOf([])) : answerProposals(url),
    });
    renderWithData(<MrpRunPage />, '/operations/mrp');
    await screen.findByRole('table', { name: 'Proposals' });
    await user.click(screen.getByRole('button', { name: 'What proposal 3 covers' }));
    const drawer = await screen.findByRole('dialog', { name: 'Buy 216 Spoke' });

    await user.click(within(drawer).getByRole('button', { name: 'Work proposal 2: 6 Wheel' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(operationsMessages.parentProposalNotFound));
    expect(screen.getByRole('dialog', { name: 'Buy 216 Spoke' })).toBeTruthy();
  });

  it('shows a new run from the answer to starting it, without asking for it again', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    const newRunId = '00000000-0000-4000-8000-000000000d02';
    const patch = { id: newRunId, duration_ms: 7, created_at: '2026-03-02T09:00:00.000Z' };
    const newRun = fakeRun(patch);
    const newItem = fakeRunOverview(patch);
    let started = false;
    routes({
      'GET /api/mrp/runs': () => jsonResponse(200, listOf(started ? [newItem, runItem] : [runItem])),
      'POST /api/mrp/runs': (init) => {
        started = true;
        // As the API: the run without its proposals and exceptions to Prefer: return=minimal.
        const minimal = new Headers(init?.headers).get('prefer') === 'return=minimal';
        return jsonResponse(201, {
          message: operationsMessages.mrpRunDone(3),
          data: minimal ? newItem : newRun,
        });
      },
      [`GET /api/mrp/runs/${newRunId}/proposals`]: (_init, url) => answerProposals(url),
      [`GET /api/mrp/runs/${newRunId}/exceptions`]: answerExceptions(newRun.exceptions),
    });
    // The app's own cache settings: renderWithData makes every answer stale at once, which would
    // refetch a cache seeded a moment before as soon as the new run is shown.
    renderPage(
      <QueryClientProvider client={createQueryClient()}>
        <MrpRunPage />
      </QueryClientProvider>,
      '/operations/mrp',
    );
    await screen.findByRole('table', { name: 'Proposals' });
    expect(within(screen.getByRole('group', { name: 'Run time' })).getByText('42 ms')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Run MRP' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(operationsMessages.mrpRunDone(3)));
    expect(await within(screen.getByRole('group', { name: 'Run time' })).findByText('7 ms')).toBeTruthy();
    // The exceptions are read a page at a time, in the API's order, not taken from the POST answer.
    expect(
      await within(await screen.findByRole('list', { name: 'Exceptions' })).findByText(
        'Buy 216 Spoke: release 20 Feb 2026 is before today',
      ),
    ).toBeTruthy();
    await screen.findByRole('table', { name: 'Proposals' });
    expect(calledUrls(fetchMock)).toContain(`/api/mrp/runs/${newRunId}/proposals?page=1&limit=25`);
    expect(calledUrls(fetchMock)).toContain(`/api/mrp/runs/${newRunId}/exceptions?page=1&limit=10`);
    expect(calledUrls(fetchMock).filter((url) => url.includes('/overview'))).toEqual([
      `/api/mrp/runs/${opsIds.run}/overview`,
    ]);
    expect(askedWholeRun(newRunId)).toBe(false);
    // The run was asked for without its proposals: a big catalogue's are 20 MB.
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(new Headers(post?.[1]?.headers).get('prefer')).toBe('return=minimal');
  });

  it('confirms the selected proposals after asking, and links to what they became', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    let sent: unknown = null;
    routes({
      [`POST /api/mrp/runs/${opsIds.run}/confirm`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(201, {
          message: operationsMessages.proposalsConfirmed(1, 1),
          data: {
            purchase_orders: [{ kind: 'purchase_order', id: 'po-1', label: 'PO-00007' }],
            work_orders: [{ kind: 'work_order', id: 'wo-1', label: 'WO-00003' }],
          },
        });
      },
    });
    renderWithData(<MrpRunPage />, '/operations/mrp');
    await screen.findByRole('table', { name: 'Proposals' });
    const confirm = screen.getByRole('button', { name: 'Confirm selected (0)' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Select proposal 3: Spoke' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select proposal 1: Bicycle' }));
    await user.click(screen.getByRole('button', { name: 'Confirm selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm 2 proposals?' });
    expect(sent).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm proposals' }));

    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(operationsMessages.proposalsConfirmed(1, 1)),
    );
    expect(sent).toEqual({ proposal_ids: [opsIds.spokeProposal, opsIds.bicycleProposal] });
    const result = await screen.findByRole('status', { name: '' });
    expect(within(result).getByRole('link', { name: 'PO-00007' }).getAttribute('href')).toBe(
      '/operations/purchase-orders/po-1',
    );
    expect(screen.getByRole('button', { name: 'Confirm selected (0)' })).toBeTruthy();
    // The dialog keeps the count it asked about while it closes, once the selection is cleared.
    expect(screen.queryByText('Confirm 0 proposals?')).toBeNull();
  });

  it('shows a proposal too large for an order, its exception, and never offers it for confirming', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    const proposals = fakeProposals().map((proposal) =>
      proposal.id === opsIds.spokeProposal
        ? { ...proposal, quantity: '719999999999.9928', too_large: true }
        : proposal,
    );
    const tooLarge = fakeException({
      kind: 'quantity_too_large',
      product_id: opsIds.spoke,
      product_name: 'Spoke',
      proposal_id: opsIds.spokeProposal,
      message: operationsMessages.mrpQuantityTooLarge('Spoke', '719999999999.9928'),
    });
    let sent: unknown = null;
    routes({
      [`GET /api/mrp/runs/${opsIds.run}/proposals`]: () => jsonResponse(200, listOf(proposals)),
      [`GET /api/mrp/runs/${opsIds.run}/exceptions`]: answerExceptions([tooLarge]),
      [`POST /api/mrp/runs/${opsIds.run}/confirm`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(201, {
          message: operationsMessages.proposalsConfirmed(0, 2),
          data: { purchase_orders: [], work_orders: [] },
        });
      },
    });
    renderWithData(<MrpRunPage />, '/operations/mrp');
    await screen.findByRole('table', { name: 'Proposals' });
    const exceptions = within(await screen.findByRole('list', { name: 'Exceptions' }));
    expect(exceptions.getByText('Too large')).toBeTruthy();
    expect(exceptions.getByText(/Spoke \(719999999999\.9928\) is more than an order can hold/)).toBeTruthy();
    expect(rowWith('Spoke').getByText('Too large')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Select proposal 3: Spoke' })).toBeNull();
    // The page's box takes the open proposals an order can hold, and only those.
    await user.click(screen.getByRole('checkbox', { name: 'Select every open proposal of this page' }));
    await user.click(screen.getByRole('button', { name: 'Confirm selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm 2 proposals?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm proposals' }));
    await waitFor(() =>
      expect(sent).toEqual({ proposal_ids: [opsIds.bicycleProposal, opsIds.wheelProposal] }),
    );
  });

  it('a member reads the proposals but neither runs nor confirms', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routes();
    renderWithData(<MrpRunPage />, '/operations/mrp');
    await screen.findByRole('table', { name: 'Proposals' });
    expect(screen.queryByRole('button', { name: 'Run MRP' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Confirm selected/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('pages through the exceptions, 10 at a time', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    routes({ [`GET ${exceptionsPath}`]: answerExceptions(twelveExceptions()) });
    renderWithData(<MrpRunPage />, '/operations/mrp');
    const first = within(await screen.findByRole('list', { name: 'Exceptions' }));
    expect(first.getAllByRole('listitem')).toHaveLength(10);
    expect(first.getByText('Buy 216 Spoke: release 20 Feb 2026 is before today')).toBeTruthy();
    expect(exceptionsSection().getByText('12 exceptions')).toBeTruthy();

    await user.click(exceptionsSection().getByRole('button', { name: '2' }));
    const second = within(screen.getByRole('list', { name: 'Exceptions' }));
    expect(await second.findByText('Rim below safety stock (11)')).toBeTruthy();
    expect(second.getAllByRole('listitem')).toHaveLength(2);
    expect(second.queryByText('Buy 216 Spoke: release 20 Feb 2026 is before today')).toBeNull();
    expect(exceptionCalls()).toEqual([
      `${exceptionsPath}?page=1&limit=10`,
      `${exceptionsPath}?page=2&limit=10`,
    ]);
    // The page's own `page` belongs to the proposals: they were not asked again.
    expect(calledUrls(fetchMock).filter((url) => url.includes('/proposals?'))).toEqual([
      `/api/mrp/runs/${opsIds.run}/proposals?page=1&limit=25`,
    ]);
  });

  it('filters the exceptions by kind, from page 1, and says when none is of that kind', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    routes({ [`GET ${exceptionsPath}`]: answerExceptions(twelveExceptions()) });
    renderWithData(<MrpRunPage />, '/operations/mrp');
    await screen.findByRole('list', { name: 'Exceptions' });
    await user.click(exceptionsSection().getByRole('button', { name: '2' }));
    await exceptionsSection().findByText('Rim below safety stock (11)');

    await user.selectOptions(exceptionsSection().getByRole('combobox', { name: 'Kind' }), 'Past due');
    const list = within(screen.getByRole('list', { name: 'Exceptions' }));
    expect(await list.findByText('Buy 216 Spoke: release 20 Feb 2026 is before today')).toBeTruthy();
    expect(list.getAllByRole('listitem')).toHaveLength(1);
    expect(exceptionCalls().at(-1)).toBe(`${exceptionsPath}?kind=past_due&page=1&limit=10`);

    await user.selectOptions(exceptionsSection().getByRole('combobox', { name: 'Kind' }), 'No BOM');
    expect(await exceptionsSection().findByText('No exception matches these filters.')).toBeTruthy();
    expect(exceptionCalls().at(-1)).toBe(`${exceptionsPath}?kind=no_bom&page=1&limit=10`);

    await user.click(exceptionsSection().getByRole('button', { name: 'Clear filters' }));
    expect(await exceptionsSection().findByText('12 exceptions')).toBeTruthy();
    expect((exceptionsSection().getByRole('combobox', { name: 'Kind' }) as HTMLSelectElement).value).toBe('');
    expect(exceptionCalls().at(-1)).toBe(`${exceptionsPath}?page=1&limit=10`);
  });

  it('says every demand is covered in time when the run has no exception, with no filter to offer', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    routes({ [`GET ${exceptionsPath}`]: answerExceptions([]) });
    renderWithData(<MrpRunPage />, '/operations/mrp');
    const section = await findExceptionsSection();
    expect(await section.findByText('No exceptions: every demand is covered in time.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Exceptions' })).toBeNull();
    expect(section.queryByRole('combobox', { name: 'Kind' })).toBeNull();
  });

  it('shows why the exceptions could not be loaded, and the rest of the run still', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    routes({
      [`GET ${exceptionsPath}`]: () =>
        jsonResponse(500, { error: { code: 'INTERNAL', message: 'The server is busy' } }),
    });
    renderWithData(<MrpRunPage />, '/operations/mrp');
    const alert = within(await (await findExceptionsSection()).findByRole('alert'));
    expect(alert.getByText('The exceptions could not be loaded')).toBeTruthy();
    expect(alert.getByText('The server is busy')).toBeTruthy();
    expect(alert.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Proposals' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Run time' })).getByText('42 ms')).toBeTruthy();
  });

  it('says once that a run of the link is not found (another workspace’s, or a mangled id), and opens the latest', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    const gone = '00000000-0000-4000-8000-00000000dead';
    const notFound = () => jsonResponse(404, { error: { code: 'NOT_FOUND', message: messages.notFound } });
    routes({
      [`GET /api/mrp/runs/${gone}/overview`]: notFound,
      [`GET /api/mrp/runs/${gone}/proposals`]: notFound,
      [`GET /api/mrp/runs/${gone}/exceptions`]: notFound,
      'GET /api/mrp/runs/not-a-run/overview': () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: messages.validationFailed,
            fields: { id: 'Not a valid id' },
          },
        }),
    });
    renderWithData(<MrpRunPage />, `/operations/mrp?run=${gone}`);
    expect(await screen.findByText('This run was not found')).toBeTruthy();
    // What to do, in words that match the page (it said 'from the list above' with none there).
    expect(
      screen.getByText('The link names no run of this workspace: open the latest, or start a run.'),
    ).toBeTruthy();
    // One message, not three boxes saying 'Not found.', nor the proposals' 'replaced by a newer run'.
    expect(screen.queryByText(messages.notFound)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Exceptions' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Proposals' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open the latest run' }));
    expect(await screen.findByRole('table', { name: 'Proposals' })).toBeTruthy();
  });

  it('shows a linked run older than the runs listed as the chosen one in the picker', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    const older = '00000000-0000-4000-8000-000000000d09';
    const olderRun = fakeRunOverview({ id: older, created_at: '2026-01-05T09:00:00.000Z', horizon_days: 30 });
    routes({
      [`GET /api/mrp/runs/${older}/overview`]: () => jsonResponse(200, { data: olderRun }),
      [`GET /api/mrp/runs/${older}/proposals`]: (_init, url) => answerProposals(url),
      [`GET /api/mrp/runs/${older}/exceptions`]: answerExceptions(),
    });
    renderWithData(<MrpRunPage />, `/operations/mrp?run=${older}`);
    const picker = (await screen.findByLabelText('Run')) as HTMLSelectElement;
    await waitFor(() => expect(picker.value).toBe(older));
    const labels = Array.from(picker.options).map((option) => option.textContent);
    expect(labels).toHaveLength(2);
    expect(labels[1]).toContain('30 days');
    expect(picker.selectedOptions[0]?.textContent).toContain('30 days');
    // The next run's horizon starts at the shown run's, not the default 90.
    await waitFor(() => expect((screen.getByLabelText(/Horizon/) as HTMLInputElement).value).toBe('30'));
  });

  it('takes a run id that is no id for a run not found, without asking the server for it', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    routes();
    renderWithData(<MrpRunPage />, '/operations/mrp?run=not-a-run');
    expect(await screen.findByText('This run was not found')).toBeTruthy();
    expect(screen.queryByText(messages.validationFailed)).toBeNull();
    expect(calledUrls(fetchMock).filter((url) => url.includes('not-a-run'))).toEqual([]);
  });

  it('says so when there is no run yet', async () => {
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    routeFetch(fetchMock, { 'GET /api/mrp/runs': () => jsonResponse(200, listOf([])) });
    renderWithData(<MrpRunPage />, '/operations/mrp');
    expect(await screen.findByText('No run yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run MRP' })).toBeTruthy();
  });
});
