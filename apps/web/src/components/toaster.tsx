import { type ComponentType, lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterWanted, subscribeToaster } from '../lib/toaster-store.ts';

const NoToasts: ComponentType = () => null;

// A container that cannot be fetched (offline, or a deploy replaced its script) shows no toasts;
// thrown, it would reach the app's error screen and take the page down with it.
const ToastHost = lazy(async (): Promise<{ default: ComponentType }> => {
  try {
    return { default: (await import('./toast-host.tsx')).ToastHost };
  } catch {
    return { default: NoToasts };
  }
});

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
