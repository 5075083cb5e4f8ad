import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { ToastHost } from './toast-host.tsx';

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
