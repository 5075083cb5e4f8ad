import { act, screen } from '@testing-library/react';
import { messages } from '@workhub/shared/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { setLostWorkspace } from '../lib/lost-workspace.ts';
import { renderPage } from '../test/render.tsx';
import { NoWorkspaceState } from './access-states.tsx';

afterEach(() => setLostWorkspace(null));

describe('NoWorkspaceState', () => {
  it('asks to choose a workspace when none was chosen', () => {
    renderPage(<NoWorkspaceState />);
    expect(screen.getByRole('heading', { name: 'Choose a workspace first' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a workspace' }).getAttribute('href')).toBe('/workspace');
  });

  it('names the workspace the session was just put out of, and why', () => {
    renderPage(<NoWorkspaceState />);
    act(() => setLostWorkspace({ name: 'Acme Works', reason: messages.memberInactive }));
    expect(screen.getByRole('heading', { name: 'You no longer have access to Acme Works' })).toBeTruthy();
    expect(screen.getByText(messages.memberInactive)).toBeTruthy();
    act(() => setLostWorkspace({ name: 'Acme Works', reason: null }));
    expect(screen.getByText(messages.workspaceLost)).toBeTruthy();
  });
});
