import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { TOAST_LIMIT, ToastHost } from './toast-host.tsx';

const Page = () => (
  <>
    <button type="button">Call next</button>
    <ToastHost />
  </>
);

/** A toast, once the container listens (a macrotask after it mounts, see ToastHost). */
const raise = async (message: string) => {
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  act(() => {
    toast.error(message);
  });
  return screen.findByRole('alert');
};

const inToasts = () => document.activeElement?.closest('.Toastify') ?? null;

afterEach(() => {
  act(() => toast.dismiss());
});

describe('ToastHost', () => {
  it('reads a toast out (an alert) without putting it, or its close button, in the Tab order', async () => {
    const user = userEvent.setup();
    renderPage(<Page />);
    const alert = await raise('Nobody is waiting for this counter');
    expect(alert.textContent).toContain('Nobody is waiting for this counter');
    screen.getByRole('button', { name: 'Call next' }).focus();
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(inToasts()).toBeNull();
    }
    for (let i = 0; i < 4; i++) {
      await user.tab({ shift: true });
      expect(inToasts()).toBeNull();
    }
  });

  it('shows at most TOAST_LIMIT toasts at once; the others wait their turn', async () => {
    renderPage(<Page />);
    await raise('Called A-001');
    act(() => {
      for (const n of [2, 3, 4, 5]) toast.success(`Called A-00${n}`);
    });
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(TOAST_LIMIT));
    expect(TOAST_LIMIT).toBe(3);
    // The newest on top; the two beyond the limit wait (jsdom runs no exit animation to free a place).
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Called A-003',
      'Called A-002',
      'Called A-001',
    ]);
  });

  it('still closes by mouse', async () => {
    renderPage(<Page />);
    const alert = await raise('Saved');
    const close = screen.getByRole('button', { name: 'close' });
    fireEvent.click(close);
    await waitFor(() => expect(alert.className).toMatch(/exit/));
  });

  it('takes the keyboard to the newest toast with Alt+T, and back with Escape, which closes it', async () => {
    const user = userEvent.setup();
    renderPage(<Page />);
    const alert = await raise('Nobody is waiting for this counter');
    const button = screen.getByRole('button', { name: 'Call next' });
    button.focus();
    await user.keyboard('{Alt>}t{/Alt}');
    expect(document.activeElement).toBe(alert);
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(button);
    await waitFor(() => expect(alert.className).toMatch(/exit/));
  });
});
