import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// findBy* and waitFor give a page 3 s to show what is awaited (Testing Library's default is 1 s).
// The first test of a file pays for loading its page's modules, and on CI both workers share two
// cores with the rest of the suite: the MRP dashboard's first figure came after 1.2 s once, and the
// run failed on a page that was only slow. A test that fails still fails, 2 s later.
configure({ asyncUtilTimeout: 3_000 });

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

// Vitest 4.1 hands every file of a run to one VM context when the run has one worker (`npx vitest
// run` in apps/web on 2 cores, or --maxWorkers=1; vitest-dev/vitest#10743, fixed in 5.0): the files
// then share their modules. A page module the first file loaded stays bound to that file's
// vi.mock of notify, so the next file that renders it asserts on a mock nothing calls. Each file
// forgets the modules it loaded; the next loads its own, under its own mocks. Node packages are
// not loaded again (the context keeps them), and with a context per file there is nothing to forget.
afterAll(() => {
  vi.resetModules();
});
