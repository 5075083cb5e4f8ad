/** Whether the toast container has been asked for (by the first toast), and whether it is mounted. */
let wanted = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

export const requestToaster = (): void => {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
};

export const isToasterWanted = (): boolean => wanted;

export const subscribeToaster = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Called once the container listens. */
export const markToasterReady = (): void => markReady();

/**
 * Resolves once the container listens. react-toastify queues toasts raised before any container
 * exists, but a container that mounts, unmounts and mounts again (React's StrictMode in
 * development) drops that queue, so toasts wait for this instead.
 */
export const whenToasterReady = (): Promise<void> => ready;
