import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../lib/session.ts';
import { mockFetchPerTest } from '../../test/fetch-mock.ts';
import { fakeAuthSession, fakeWorkspaceAuthSession } from '../../test/fixtures.ts';
import { renderPage } from '../../test/render.tsx';
import { RequireCan } from './require-can.tsx';

mockFetchPerTest();

const page = (
  <RequireCan action="team:view">
    <h1>Team</h1>
  </RequireCan>
);

describe('RequireCan', () => {
  it('shows the page to a role can() allows', () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'admin'));
    renderPage(page);
    expect(screen.getByRole('heading', { name: 'Team' })).toBeTruthy();
  });

  it('shows a worker that the page is not for them, and nothing of it', () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'worker'));
    renderPage(page);
    // The page's own heading: a screen reader's 'next heading' lands on what happened.
    expect(screen.getByRole('heading', { level: 1, name: 'You cannot open this page' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Team' })).toBeNull();
  });

  it('asks for a workspace first when none is chosen', () => {
    signIn(fakeAuthSession());
    renderPage(page);
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a workspace first' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a workspace' }).getAttribute('href')).toBe('/workspace');
  });
});
