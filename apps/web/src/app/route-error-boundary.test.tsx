import { screen } from '@testing-library/react';
import { messages } from '@workhub/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

const Broken = (): never => {
  throw new Error('boom');
};

afterEach(() => vi.restoreAllMocks());

describe('RouteErrorBoundary', () => {
  it("shows 'Unexpected Application Error!' with a way back when a page crashes", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(
      <RouteErrorBoundary resetKey="/x">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: messages.fallbackScreen })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
