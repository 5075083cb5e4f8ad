import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

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
});
