import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterWanted, subscribeToaster } from '../lib/toaster-store.ts';

const ToastHost = lazy(async () => ({ default: (await import('./toast-host.tsx')).ToastHost }));

/** Mounts the toast container once the first toast is raised (see lib/notify.tsx). */
export const Toaster = () => {
  const wanted = useSyncExternalStore(subscribeToaster, isToasterWanted, isToasterWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
};
