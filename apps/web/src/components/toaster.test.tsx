import { act, render } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Something went wrong</p> : this.props.children;
  }
}

describe('Toaster', () => {
  it("shows nothing, rather than the app's error screen, when the toast container's script cannot be fetched", async () => {
    vi.resetModules();
    vi.doMock('./toast-host.tsx', () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/toast-host-abc.js');
    });
    const { Toaster } = await import('./toaster.tsx');
    const { requestToaster } = await import('../lib/toaster-store.ts');
    const { container } = render(
      <Boundary>
        <Toaster />
      </Boundary>,
    );
    await act(async () => {
      requestToaster();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(container.innerHTML).toBe('');
    vi.doUnmock('./toast-host.tsx');
  });
});
