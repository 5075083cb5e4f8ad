import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { operationsMessages } from '@workhub/shared/operations-messages';
import type { MrpProposal } from '@workhub/shared/schemas/operations-mrp';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { renderPage } from '../../../test/render.tsx';
import { fakeProposal, fakeProposals, opsIds } from '../testing/fixtures.ts';
import { PeggingDrawer } from './pegging-drawer.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.mocked(notify.error).mockReset();
});

type Load = (id: string) => Promise<MrpProposal | undefined>;

/** Answers a parent from `proposals`, as the API would (undefined: not a proposal of the run). */
const loaderOf = (proposals: MrpProposal[]) =>
  vi.fn<Load>(async (id) => proposals.find((proposal) => proposal.id === id));

/** The drawer as the run page holds it: one open proposal, parents asked of `loadProposal`. */
const Harness = ({
  loadProposal,
  first,
  onClose = () => {},
}: {
  loadProposal: Load;
  first: MrpProposal;
  onClose?: () => void;
}) => {
  const [open, setOpen] = useState<MrpProposal | null>(first);
  return (
    <PeggingDrawer
      proposal={open}
      loadProposal={loadProposal}
      onOpenProposal={setOpen}
      onClose={() => {
        onClose();
        setOpen(null);
      }}
    />
  );
};

const spokeOf = (proposals: MrpProposal[]) =>
  proposals.find((p) => p.id === opsIds.spokeProposal) as MrpProposal;

describe('PeggingDrawer', { timeout: 20_000 }, () => {
  it('follows a bought part up through its parent proposals to the customer order', async () => {
    const user = userEvent.setup();
    const proposals = fakeProposals();
    const loadProposal = loaderOf(proposals);
    renderPage(<Harness loadProposal={loadProposal} first={spokeOf(proposals)} />);
    expect(loadProposal).not.toHaveBeenCalled();

    let drawer = await screen.findByRole('dialog', { name: 'Buy 216 Spoke' });
    expect(
      within(drawer).getByText(/^Proposal 3: release 20 Feb 2026, needed by 6 Mar 2026 — past due/),
    ).toBeTruthy();
    let covers = within(within(drawer).getByRole('list', { name: 'Covers' }));
    expect(covers.getAllByRole('listitem')).toHaveLength(1);
    expect(covers.getByText('Parent proposal')).toBeTruthy();
    expect(covers.getByText('216').closest('p')?.textContent).toBe('takes 216');

    await user.click(covers.getByRole('button', { name: 'Work proposal 2: 6 Wheel' }));
    drawer = await screen.findByRole('dialog', { name: 'Make 6 Wheel' });
    expect(within(drawer).getByText('Proposal 2: release 6 Mar 2026, needed by 8 Mar 2026.')).toBeTruthy();
    covers = within(within(drawer).getByRole('list', { name: 'Covers' }));
    await user.click(covers.getByRole('button', { name: 'Work proposal 1: 3 Bicycle' }));

    drawer = await screen.findByRole('dialog', { name: 'Make 3 Bicycle' });
    covers = within(within(drawer).getByRole('list', { name: 'Covers' }));
    expect(covers.getByText('Customer order')).toBeTruthy();
    expect(covers.queryByRole('button')).toBeNull();
    expect(covers.getByRole('link', { name: 'CO-00001 line 1 (Acme)' }).getAttribute('href')).toBe(
      `/operations/customer-orders/${opsIds.order}`,
    );
    expect(screen.queryByRole('dialog', { name: 'Buy 216 Spoke' })).toBeNull();
    expect(loadProposal.mock.calls).toEqual([[opsIds.wheelProposal], [opsIds.bicycleProposal]]);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('keeps the parent busy while it is fetched, and shows why when it could not be', async () => {
    const user = userEvent.setup();
    const proposals = fakeProposals();
    let fail: (error: unknown) => void = () => {};
    const loadProposal = vi.fn<Load>(
      () =>
        new Promise((_resolve, reject) => {
          fail = reject;
        }),
    );
    renderPage(<Harness loadProposal={loadProposal} first={spokeOf(proposals)} />);
    const drawer = await screen.findByRole('dialog', { name: 'Buy 216 Spoke' });
    const parent = within(drawer).getByRole('button', {
      name: 'Work proposal 2: 6 Wheel',
    }) as HTMLButtonElement;

    await user.click(parent);
    expect(loadProposal).toHaveBeenCalledWith(opsIds.wheelProposal);
    await waitFor(() => expect(parent.disabled).toBe(true));
    expect(parent.getAttribute('data-loading')).toBe('true');

    fail(new ApiError({ status: 503, code: 'INTERNAL', message: 'The server is busy' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('The server is busy'));
    await waitFor(() => expect(parent.disabled).toBe(false));
    // The drawer stays on the proposal it showed.
    expect(screen.getByRole('dialog', { name: 'Buy 216 Spoke' })).toBeTruthy();
  });

  it('says so when a parent is not found in the run, and links a released work order', async () => {
    const user = userEvent.setup();
    const proposal = fakeProposal({
      id: opsIds.spokeProposal,
      seq: 3,
      product_name: 'Spoke',
      kind: 'purchase',
      quantity: '100',
      pegging: [
        { kind: 'proposal', proposal_id: opsIds.wheelProposal, qty: '60', label: 'Work proposal 2: 6 Wheel' },
        { kind: 'work_order', work_order_id: opsIds.order, qty: '40', label: 'WO-00004' },
      ],
    });
    renderPage(<Harness loadProposal={loaderOf([proposal])} first={proposal} />);
    const drawer = await screen.findByRole('dialog', { name: 'Buy 100 Spoke' });
    const covers = within(within(drawer).getByRole('list', { name: 'Covers' }));
    expect(covers.getAllByRole('listitem')).toHaveLength(2);
    expect(covers.getByRole('link', { name: 'WO-00004' }).getAttribute('href')).toBe(
      '/operations/work-orders',
    );
    expect(covers.getByText('60')).toBeTruthy();
    expect(covers.getByText('40')).toBeTruthy();

    await user.click(covers.getByRole('button', { name: 'Work proposal 2: 6 Wheel' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(operationsMessages.parentProposalNotFound));
    expect(screen.getByRole('dialog', { name: 'Buy 100 Spoke' })).toBeTruthy();
  });

  it('explains a proposal that covers no demand, and closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const proposal = fakeProposal({ product_name: 'Rim', kind: 'purchase', quantity: '10', pegging: [] });
    renderPage(<Harness loadProposal={loaderOf([proposal])} first={proposal} onClose={onClose} />);
    const drawer = await screen.findByRole('dialog', { name: 'Buy 10 Rim' });
    expect(
      within(drawer).getByText('It covers no demand: it brings stock back up to its safety stock.'),
    ).toBeTruthy();
    expect(within(drawer).queryByRole('list', { name: 'Covers' })).toBeNull();
    // The title bar's cross and the button under the text both close it.
    const [cross, button] = within(drawer).getAllByRole('button', { name: 'Close' });
    await user.click(button as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(cross as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
