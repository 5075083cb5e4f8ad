import { act } from '@testing-library/react';
import { onTestFinished } from 'vitest';

/**
 * For the rest of the test, a ResizeObserver that reports once after each `observe`, as a browser
 * does once the element is laid out (jsdom has none; the setup's stub never reports). The frame of a
 * wide table (components/scroll-frame.tsx) measures itself on that report.
 */
export const reportingResizeObserver = (): void => {
  const stub = window.ResizeObserver;
  window.ResizeObserver = class {
    constructor(private readonly report: ResizeObserverCallback) {}
    observe() {
      queueMicrotask(() => act(() => this.report([], this)));
    }
    unobserve() {}
    disconnect() {}
  };
  onTestFinished(() => {
    window.ResizeObserver = stub;
  });
};
