import { TOAST_AUTO_CLOSE_MS } from '@workhub/shared/constants';
import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import { markToasterReady } from '../lib/toaster-store.ts';

/** Spec sections 8 and 9: bottom right, 5000 ms, paused on hover and when the window loses focus. */
export const ToastHost = () => {
  useEffect(() => {
    // A macrotask later the container's own subscription is settled (even after StrictMode's remount).
    const timer = setTimeout(markToasterReady, 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <ToastContainer
      position="bottom-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      pauseOnHover
      pauseOnFocusLoss
      closeOnClick={false}
      newestOnTop
    />
  );
};
