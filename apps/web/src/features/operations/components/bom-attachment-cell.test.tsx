import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { fakeBomLine, opsIds } from '../testing/fixtures.ts';
import { BomAttachmentCell } from './bom-attachment-cell.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const line = fakeBomLine({
  attachment: {
    file_name: 'spoke-drawing.pdf',
    content_type: 'application/pdf',
    size: 2048,
    url: `/api/bom-lines/${opsIds.spokeLine}/attachment`,
  },
});

const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');

describe('BomAttachmentCell', { timeout: 20_000 }, () => {
  it('asks before removing the attachment: Cancel keeps it, Remove deletes it', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'owner'));
    routeFetch(fetchMock, {
      [`DELETE /api/bom-lines/${opsIds.spokeLine}/attachment`]: () =>
        jsonResponse(200, { message: operationsMessages.bomAttachmentRemoved }),
    });
    renderWithData(<BomAttachmentCell line={line} mayEdit />);
    const remove = screen.getByRole('button', { name: 'Remove the attachment of Spoke' });

    await user.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Remove spoke-drawing.pdf?' });
    expect(within(dialog).getByText(/This cannot be undone/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toEqual([]);

    await user.click(remove);
    const again = await screen.findByRole('dialog', { name: 'Remove spoke-drawing.pdf?' });
    await user.click(within(again).getByRole('button', { name: 'Remove attachment' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(operationsMessages.bomAttachmentRemoved));
    expect(deletes()).toHaveLength(1);
  });
});
