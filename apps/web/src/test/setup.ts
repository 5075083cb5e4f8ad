import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom lacks what Mantine asks of a browser.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
if (!('fonts' in document)) {
  // Mantine's autosize Textarea re-measures when web fonts finish loading.
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
if (!window.CSS?.escape) {
  // user-event's arrow keys in a radio group select the group by its name, escaped; jsdom has no
  // CSS.escape. Every character but a letter, digit, - or _ escaped: right inside a quoted value.
  Object.defineProperty(window, 'CSS', {
    writable: true,
    value: { ...window.CSS, escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) },
  });
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
