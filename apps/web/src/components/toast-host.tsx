import { TOAST_AUTO_CLOSE_MS } from '@workhub/shared/constants';
import { useEffect, useLayoutEffect } from 'react';
import {
  Bounce,
  type CloseButtonProps,
  ToastContainer,
  type ToastTransitionProps,
  toast,
} from 'react-toastify';
import { markToasterReady } from '../lib/toaster-store.ts';

const TOASTS = '.Toastify';
const TOAST = '.Toastify__toast';

/**
 * The library's entrance, with the toast out of the Tab order. react-toastify makes every toast a
 * Tab stop (and its close button another): the keyboard met them wherever it went on after a
 * toast came, at the end of any page. A toast is an alert (read out as it comes) with nothing to do
 * but close, and it closes itself; Alt+T still reaches it (see ToastHost).
 */
const QuietBounce = (props: ToastTransitionProps) => {
  const { nodeRef } = props;
  // After every render: the toast element is the library's, rendered with tabIndex 0.
  useLayoutEffect(() => {
    nodeRef.current?.setAttribute('tabindex', '-1');
  });
  return <Bounce {...props} />;
};

/** The library's close button (its look, its label), for the mouse: not a Tab stop either. */
const CloseButton = ({ closeToast, theme, ariaLabel = 'close' }: CloseButtonProps) => (
  <button
    className={`Toastify__close-button Toastify__close-button--${theme}`}
    type="button"
    tabIndex={-1}
    aria-label={ariaLabel}
    onClick={(event) => {
      event.stopPropagation();
      closeToast(true);
    }}
  >
    <svg aria-hidden="true" viewBox="0 0 14 16">
      <path
        fillRule="evenodd"
        d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
      />
    </svg>
  </button>
);

/**
 * The library's keyboard access (its Alt+T focuses the first toast with tabindex 0, which no toast
 * has here), kept: Alt+T takes the focus to the newest toast and holds the toasts; Escape there
 * closes it and takes the focus back; leaving them lets them run again.
 */
const useToastKeys = () => {
  useEffect(() => {
    let back: Element | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      const active = document.activeElement;
      const inToast = active?.closest(TOAST);
      if (event.altKey && event.code === 'KeyT') {
        const newest = document.querySelector<HTMLElement>(`${TOASTS} ${TOAST}`);
        if (!newest) return;
        event.preventDefault();
        if (!inToast) back = active;
        newest.focus();
        toast.pause();
      } else if (event.key === 'Escape' && inToast) {
        event.preventDefault();
        inToast.querySelector<HTMLButtonElement>('.Toastify__close-button')?.click();
        const to = back;
        back = null;
        toast.play();
        if (to instanceof HTMLElement && to.isConnected) to.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (back === null || (event.target instanceof Element && event.target.closest(TOASTS))) return;
      back = null;
      toast.play();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);
};

/**
 * At most this many toasts on screen; the next waits for one to close. A desk that called and
 * served a few tickets stacked five over the console on a phone, where toasts take the full width.
 */
export const TOAST_LIMIT = 3;

/** Spec sections 8 and 9: bottom right, 5000 ms, paused on hover and when the window loses focus. */
export const ToastHost = () => {
  useEffect(() => {
    // A macrotask later the container's own subscription is settled (even after StrictMode's remount).
    const timer = setTimeout(markToasterReady, 0);
    return () => clearTimeout(timer);
  }, []);
  useToastKeys();
  return (
    <ToastContainer
      position="bottom-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      pauseOnHover
      pauseOnFocusLoss
      closeOnClick={false}
      newestOnTop
      limit={TOAST_LIMIT}
      transition={QuietBounce}
      closeButton={CloseButton}
      hotKeys={() => false}
    />
  );
};
