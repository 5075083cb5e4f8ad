import { messages } from '@workhub/shared/messages';
import { describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => {
  let next = 0;
  return {
    success: vi.fn(() => {
      next += 1;
      return `success-${next}`;
    }),
    error: vi.fn(() => {
      next += 1;
      return `error-${next}`;
    }),
    dismiss: vi.fn(),
  };
});
vi.mock('react-toastify', () => ({ toast }));

const { notify } = await import('./notify.tsx');
const { markToasterReady } = await import('./toaster-store.ts');
markToasterReady();

/** The library and the container load asynchronously: let the queued toast through. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('notify', () => {
  it('dismisses the error toasts still on screen when an action then succeeds', async () => {
    notify.error('The address is taken');
    notify.error();
    await settle();
    expect(toast.error).toHaveBeenCalledTimes(2);
    expect(toast.dismiss).not.toHaveBeenCalled();

    notify.success(messages.invitationResent);
    await settle();
    expect(toast.dismiss.mock.calls.map(([id]) => id)).toEqual(['error-1', 'error-2']);
    expect(toast.success).toHaveBeenCalledTimes(1);

    // Once dismissed they are forgotten: the next success dismisses nothing more.
    notify.success(messages.invitationResent);
    await settle();
    expect(toast.dismiss).toHaveBeenCalledTimes(2);
  });
});
