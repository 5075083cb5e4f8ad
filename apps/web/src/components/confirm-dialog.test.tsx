import { Button } from '@mantine/core';
import { renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { CONFIRM_HOLD_MS, ConfirmDialog, useShownWhileOpen } from './confirm-dialog.tsx';

const Asking = ({ onConfirm }: { onConfirm: () => void }) => {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Delete tag</Button>
      <ConfirmDialog
        opened={opened}
        title="Delete Urgent?"
        confirmLabel="Delete tag"
        busy={false}
        onCancel={() => setOpened(false)}
        onConfirm={onConfirm}
      >
        The tag leaves every task.
      </ConfirmDialog>
    </>
  );
};

describe('ConfirmDialog', () => {
  it('opens on the safe choice: Enter pressed at once cancels, nothing is deleted', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderPage(<Asking onConfirm={onConfirm} />);
    screen.getByRole('button', { name: 'Delete tag' }).focus();
    await user.keyboard('{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Urgent?' }));
    // Not the header's Close, not the red 'Delete tag'.
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Cancel' })));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms once on a double-click, though the action reports itself busy only a task later', async () => {
    const user = userEvent.setup();
    const sent = vi.fn();
    // As a mutation does: busy from a timer after the click, done 400 ms later, the dialog left open
    // (a refused delete) so that it can be confirmed again.
    const Deleting = () => {
      const [busy, setBusy] = useState(false);
      const onConfirm = () => {
        sent();
        setTimeout(() => setBusy(true), 0);
        setTimeout(() => setBusy(false), 400);
      };
      return (
        <ConfirmDialog
          opened
          title="Delete Urgent?"
          confirmLabel="Delete tag"
          busy={busy}
          onCancel={() => {}}
          onConfirm={onConfirm}
        >
          The tag leaves every task.
        </ConfirmDialog>
      );
    };
    renderPage(<Deleting />);
    const confirm = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete tag' });
    await user.dblClick(confirm);
    await user.click(confirm);
    expect(sent).toHaveBeenCalledTimes(1);
    // Done (and still open): the next confirmation goes.
    await waitFor(() => expect(confirm.hasAttribute('data-loading')).toBe(false));
    await user.click(confirm);
    expect(sent).toHaveBeenCalledTimes(2);
  });

  it('lets the button go again when the action never reports itself busy', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderPage(
      <ConfirmDialog
        opened
        title="Delete Urgent?"
        confirmLabel="Delete tag"
        busy={false}
        onCancel={() => {}}
        onConfirm={onConfirm}
      >
        The tag leaves every task.
      </ConfirmDialog>,
    );
    const confirm = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete tag' });
    await user.dblClick(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(confirm.hasAttribute('data-loading')).toBe(false), {
      timeout: CONFIRM_HOLD_MS + 2000,
    });
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('keeps what it showed while it closes, though its caller let go of the record', () => {
    const { result, rerender } = renderHook(({ opened, title }) => useShownWhileOpen(opened, title), {
      initialProps: { opened: true, title: 'Delete Beta?' },
    });
    expect(result.current).toBe('Delete Beta?');
    rerender({ opened: false, title: 'Delete milestone?' });
    expect(result.current).toBe('Delete Beta?');
    rerender({ opened: true, title: 'Delete Gamma?' });
    expect(result.current).toBe('Delete Gamma?');
  });
});
