import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ticket } from '@workhub/shared/schemas/ticketing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { calledUrls } from '../../../test/fetch-mock.ts';
import { fakeAuthSession, fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { listOf, type Routes } from '../../../test/page-kit.ts';
import { ConsolePage } from './console-page.tsx';
import { COUNTER_ID, counterOf, SERVICE_ID, serviceOf, ticketingPageKit } from './ticketing-test-kit.ts';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const page = <T,>(rows: T[]) => listOf(rows, 100);
const COUNTER = counterOf();
const SERVICE = serviceOf({ waiting: 1 });
const { signInAs, open, render, posts, fetchMock } = ticketingPageKit({
  element: <ConsolePage />,
  path: '/ticketing/console',
  routes: {
    'GET /api/ticketing/counters': () => jsonResponse(200, page([COUNTER])),
    'GET /api/ticketing/services': () => jsonResponse(200, page([SERVICE])),
    'GET /api/ticketing/settings': () =>
      jsonResponse(200, { data: { time_zone: 'UTC', no_show_after_recalls: 3, opening_hours: [] } }),
  },
});
beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

/** The counter kept in this browser for the worker signInAs signs in (user u1, workspace w-ticketing). */
const keepCounter = (id: string) => localStorage.setItem('workhub.ticketing.counter:u1/a1/w-ticketing', id);

const TICKET_ID = '0b6a0c55-1d8e-4a51-9f4a-5b0a7c0c2a0f';
const ticket = (patch: Partial<Ticket> = {}): Ticket => ({
  id: TICKET_ID,
  public_id: '7d7c0f1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f',
  number: 'A-001',
  service_id: SERVICE_ID,
  service_name: 'Accounts',
  service_day: '2026-11-25',
  priority: false,
  status: 'called',
  source: 'staff',
  counter_id: COUNTER_ID,
  counter_name: 'Window 1',
  recall_count: 3,
  queued_at: '2026-11-25T09:00:00.000Z',
  called_at: '2026-11-25T09:05:00.000Z',
  started_at: null,
  finished_at: null,
  sample: false,
  created_at: '2026-11-25T09:00:00.000Z',
  updated_at: '2026-11-25T09:05:00.000Z',
  ...patch,
});

/** Renders the console: the counters, the services, and the ticket in hand (`called`, or none). */
const openWith = (inHand: Ticket | null, extra: Routes = {}) =>
  open({
    'GET /api/ticketing/tickets': (_init, url) =>
      jsonResponse(200, page(inHand && url.includes(`status=${inHand.status}`) ? [inHand] : [])),
    ...extra,
  });

/** A worker at the counter whose called ticket was recalled once; Recall brings it to `after`. */
const atCounterRecalling = (after: number) => {
  signInAs('worker');
  keepCounter(COUNTER_ID);
  let recalls = 1;
  openWith(null, {
    'GET /api/ticketing/tickets': (_init, url) =>
      jsonResponse(200, page(url.includes('status=called') ? [ticket({ recall_count: recalls })] : [])),
    [`POST /api/ticketing/tickets/${TICKET_ID}/recall`]: () => {
      recalls = after;
      return jsonResponse(200, { data: ticket({ recall_count: after }) });
    },
  });
};

/**
 * A browser takes the focus off a button that becomes disabled; jsdom does not, so the tests lose
 * it here by hand (to the body).
 */
const loseFocusAsABrowserDoes = () => {
  const lost = document.createElement('span');
  lost.tabIndex = -1;
  document.body.append(lost);
  lost.focus();
  lost.remove();
  expect(document.activeElement).toBe(document.body);
};

describe('ConsolePage', () => {
  it('shows the loading state, then asks which counter you work at', async () => {
    signInAs('worker');
    openWith(null);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('Choose the counter you work at.')).toBeTruthy();
  });

  it('says when there are no counters yet', async () => {
    signInAs('worker');
    open({
      'GET /api/ticketing/counters': () => jsonResponse(200, page([])),
      'GET /api/ticketing/services': () => jsonResponse(200, page([])),
    });
    expect(await screen.findByText('No counters yet')).toBeTruthy();
  });

  it('shows the error state with a retry that loads again', async () => {
    signInAs('worker');
    let fail = true;
    openWith(null, {
      'GET /api/ticketing/counters': () =>
        fail
          ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'Server down' } })
          : jsonResponse(200, page([COUNTER])),
    });
    expect(await screen.findByText('The counters could not be loaded')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByText('Choose the counter you work at.')).toBeTruthy();
  });

  it('calls the next ticket at the counter remembered from last time', async () => {
    signInAs('worker');
    keepCounter(COUNTER_ID);
    openWith(null, {
      [`POST /api/ticketing/counters/${COUNTER_ID}/call-next`]: () => jsonResponse(200, { data: ticket() }),
    });
    expect(await screen.findByText('No ticket at this counter.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Call next' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Called A-001'));
    expect(posts()).toEqual([[`/api/ticketing/counters/${COUNTER_ID}/call-next`, {}]]);
  });

  describe('the counter chosen', () => {
    const chooseWindow1 = async () => {
      const user = userEvent.setup();
      await user.click(await screen.findByRole('combobox', { name: 'Your counter' }));
      await user.click(await screen.findByRole('option', { name: 'Window 1', hidden: true }));
      expect(await screen.findByText('No ticket at this counter.')).toBeTruthy();
    };
    /** Leaves the page and opens it again, as a reload or a later visit does. */
    const reopen = () => {
      cleanup();
      render();
    };

    it('stays chosen after a reload', async () => {
      signInAs('worker');
      openWith(null);
      expect(await screen.findByText('Choose the counter you work at.')).toBeTruthy();
      await chooseWindow1();
      reopen();
      expect(await screen.findByText('No ticket at this counter.')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Window 1' })).toBeTruthy();
    });

    it('is kept per user and per workspace: another user, or another workspace, on this browser chooses its own', async () => {
      signInAs('worker');
      openWith(null);
      await chooseWindow1();
      cleanup();
      signIn(fakeWorkspaceAuthSession('ticketing', 'worker', { workspace_id: 'w-other' }));
      render();
      expect(await screen.findByText('Choose the counter you work at.')).toBeTruthy();
      cleanup();
      const workspace = {
        workspace_id: 'w-ticketing',
        workspace_name: 'ticketing workspace',
        public_slug: 'ticketing-a1b2c3',
      };
      signIn(
        fakeAuthSession(
          {
            user_id: 'u2',
            role: 'worker',
            accounts: 0,
            workspace_id: workspace.workspace_id,
            template: 'ticketing',
          },
          {
            user_id: 'u2',
            role: 'worker',
            accounts: 0,
            workspace: { ...workspace, template: 'ticketing', role: 'worker' },
          },
        ),
      );
      render();
      expect(await screen.findByText('Choose the counter you work at.')).toBeTruthy();
      // The first user, back in the first workspace, still finds theirs.
      cleanup();
      signInAs('worker');
      render();
      expect(await screen.findByText('No ticket at this counter.')).toBeTruthy();
    });

    it('asks again when the counter kept is no longer among the active ones (deleted or deactivated since)', async () => {
      signInAs('worker');
      keepCounter('0b6a0c55-1d8e-4a51-9f4a-5b0a7c0c2aff');
      openWith(null);
      expect(await screen.findByText('Choose the counter you work at.')).toBeTruthy();
      expect((screen.getByRole('combobox', { name: 'Your counter' }) as HTMLInputElement).value).toBe('');
      expect(calledUrls(fetchMock).filter((url) => url.startsWith('/api/ticketing/counters?'))).toEqual([
        expect.stringContaining('status=active'),
      ]);
    });
  });

  it("offers No-show only once recalled the settings' number of times, and says the rule until then", async () => {
    atCounterRecalling(3);
    const noShow = await screen.findByRole('button', { name: 'No-show' });
    expect(await screen.findByText('No-show after 3 recalls: recalled once')).toBeTruthy();
    await waitFor(() => expect(noShow.hasAttribute('disabled')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Recall' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'No-show' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByText(/^No-show after/)).toBeNull();
  });

  it('asks before a no-show: Cancel sends nothing, confirming marks it', async () => {
    signInAs('worker');
    keepCounter(COUNTER_ID);
    openWith(ticket(), {
      [`POST /api/ticketing/tickets/${TICKET_ID}/no-show`]: () =>
        jsonResponse(200, { data: ticket({ status: 'no_show' }) }),
    });
    expect((await screen.findByTestId('console-ticket')).textContent).toBe('A-001');
    fireEvent.click(screen.getByRole('button', { name: 'No-show' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Mark A-001 as no-show?' }));
    fireEvent.click(ask.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mark A-001 as no-show?' })).toBeNull());
    expect(posts()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'No-show' }));
    const again = within(await screen.findByRole('dialog', { name: 'Mark A-001 as no-show?' }));
    fireEvent.click(again.getByRole('button', { name: 'Mark no-show' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('A-001: no-show'));
    expect(posts()).toEqual([[`/api/ticketing/tickets/${TICKET_ID}/no-show`, {}]]);
  });

  it('says how often the ticket was recalled, and a recall as "called again"', async () => {
    atCounterRecalling(2);
    expect(await screen.findByText('Accounts · recalled once')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Recall' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('A-001: called again'));
    expect(await screen.findByText('Accounts · recalled 2 times')).toBeTruthy();
  });

  it('issues a ticket at the desk, priority, and says its number', async () => {
    signInAs('worker');
    openWith(null, {
      'POST /api/ticketing/tickets': () =>
        jsonResponse(201, {
          data: {
            ...ticket({ status: 'waiting', priority: true }),
            people_ahead: 2,
            estimated_wait_minutes: 12,
            counter_open: true,
          },
        }),
    });
    await screen.findByText('Choose the counter you work at.');
    const issue = screen.getByRole('button', { name: 'Issue ticket' }) as HTMLButtonElement;
    expect(issue.disabled).toBe(true);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Accounts' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Service'), { target: { value: SERVICE_ID } });
    fireEvent.click(screen.getByLabelText('Priority'));
    fireEvent.click(issue);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Ticket A-001 issued, 2 ahead'));
    expect(posts()).toEqual([['/api/ticketing/tickets', { service_id: SERVICE_ID, priority: true }]]);
    // The next ticket is a normal one unless asked again.
    expect((screen.getByLabelText('Priority') as HTMLInputElement).checked).toBe(false);
  });

  it('says so when no counter serves the service of the ticket it issued, not how many are ahead', async () => {
    signInAs('worker');
    openWith(null, {
      'POST /api/ticketing/tickets': () =>
        jsonResponse(201, {
          data: {
            ...ticket({ status: 'waiting' }),
            people_ahead: 0,
            estimated_wait_minutes: 0,
            counter_open: false,
          },
        }),
    });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Accounts' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Service'), { target: { value: SERVICE_ID } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue ticket' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Ticket A-001 issued. No counter is serving Accounts right now: it keeps its place and will be called when one opens',
      ),
    );
  });

  it('shows a refusal from the server (nobody waiting) as an error', async () => {
    signInAs('worker');
    keepCounter(COUNTER_ID);
    openWith(null, {
      [`POST /api/ticketing/counters/${COUNTER_ID}/call-next`]: () =>
        jsonResponse(409, { error: { code: 'CONFLICT', message: 'Nobody is waiting for this counter' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Call next' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Nobody is waiting for this counter'));
  });

  describe('by keyboard', () => {
    /** The counter's ticket as the server has it, moved on by each step posted. */
    const serverDesk = () => {
      let inHand: Ticket | null = null;
      const answer = (next: Ticket) => jsonResponse(200, { data: next });
      return {
        'GET /api/ticketing/tickets': (_init: RequestInit | undefined, url: string) =>
          jsonResponse(200, page(inHand && url.includes(`status=${inHand.status}`) ? [inHand] : [])),
        [`POST /api/ticketing/counters/${COUNTER_ID}/call-next`]: () => {
          inHand = ticket();
          return answer(inHand);
        },
        [`POST /api/ticketing/tickets/${TICKET_ID}/start`]: () => {
          inHand = ticket({ status: 'serving' });
          return answer(inHand);
        },
        [`POST /api/ticketing/tickets/${TICKET_ID}/recall`]: () => answer(ticket({ recall_count: 4 })),
        [`POST /api/ticketing/tickets/${TICKET_ID}/done`]: () => {
          inHand = null;
          return answer(ticket({ status: 'done' }));
        },
        [`POST /api/ticketing/tickets/${TICKET_ID}/no-show`]: () => {
          inHand = null;
          return answer(ticket({ status: 'no_show' }));
        },
      } satisfies Routes;
    };

    it('gives the focus to the next step after each one: Call next, Start, Done, Call next again', async () => {
      const user = userEvent.setup();
      signInAs('worker');
      keepCounter(COUNTER_ID);
      openWith(null, serverDesk());
      (await screen.findByRole('button', { name: 'Call next' })).focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start' })));
      await user.keyboard('{Enter}');
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done' })));
      await user.keyboard('{Enter}');
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Call next' })),
      );
    });

    it('gives the focus back to Call next when the call is refused (nobody waiting)', async () => {
      const user = userEvent.setup();
      signInAs('worker');
      keepCounter(COUNTER_ID);
      let refuse = () => {};
      openWith(null, {
        [`POST /api/ticketing/counters/${COUNTER_ID}/call-next`]: () =>
          new Promise<Response>((resolve) => {
            refuse = () =>
              resolve(
                jsonResponse(409, {
                  error: { code: 'CONFLICT', message: 'Nobody is waiting for this counter' },
                }),
              );
          }),
      });
      const callNext = await screen.findByRole('button', { name: 'Call next' });
      callNext.focus();
      await user.keyboard('{Enter}');
      // While it spins the button is disabled, and a browser takes the focus off it (jsdom does not:
      // the focus is lost here by hand).
      await waitFor(() => expect((callNext as HTMLButtonElement).disabled).toBe(true));
      loseFocusAsABrowserDoes();
      refuse();
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Nobody is waiting for this counter'));
      await waitFor(() => expect(document.activeElement).toBe(callNext));
    });

    it('gives the focus back to Recall, not to Start, after a browser took it off the disabled button', async () => {
      const user = userEvent.setup();
      signInAs('worker');
      keepCounter(COUNTER_ID);
      let answerRecall = () => {};
      const desk = serverDesk();
      openWith(null, {
        ...desk,
        [`POST /api/ticketing/tickets/${TICKET_ID}/recall`]: () =>
          new Promise<Response>((resolve) => {
            answerRecall = () => resolve(jsonResponse(200, { data: ticket({ recall_count: 4 }) }));
          }),
      });
      (await screen.findByRole('button', { name: 'Call next' })).focus();
      await user.keyboard('{Enter}');
      const recall = await screen.findByRole('button', { name: 'Recall' });
      recall.focus();
      await user.keyboard('{Enter}');
      // While it runs Recall is disabled, and a browser takes the focus off it (jsdom does not: the
      // focus is lost here by hand).
      await waitFor(() => expect((recall as HTMLButtonElement).disabled).toBe(true));
      loseFocusAsABrowserDoes();
      answerRecall();
      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('A-001: called again'));
      // A second Enter recalls again; on Start it would start serving the ticket.
      await waitFor(() => expect(document.activeElement).toBe(recall));
    });

    it('keeps the focus on Recall, and after a confirmed no-show gives it to Call next', async () => {
      const user = userEvent.setup();
      signInAs('worker');
      keepCounter(COUNTER_ID);
      openWith(null, serverDesk());
      (await screen.findByRole('button', { name: 'Call next' })).focus();
      await user.keyboard('{Enter}');
      const recall = await screen.findByRole('button', { name: 'Recall' });
      recall.focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('A-001: called again'));
      await waitFor(() => expect((recall as HTMLButtonElement).disabled).toBe(false));
      expect(document.activeElement).toBe(recall);
      screen.getByRole('button', { name: 'No-show' }).focus();
      await user.keyboard('{Enter}');
      const ask = within(await screen.findByRole('dialog', { name: 'Mark A-001 as no-show?' }));
      ask.getByRole('button', { name: 'Mark no-show' }).focus();
      await user.keyboard('{Enter}');
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Call next' })),
      );
    });
  });
});
