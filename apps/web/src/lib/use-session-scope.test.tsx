import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeWorkspaceAuthSession } from '../test/fixtures.ts';
import { clearSession, signIn } from './session.ts';
import { useSessionScope } from './use-session-scope.ts';

afterEach(() => clearSession('none'));

describe('useSessionScope', () => {
  it('changes with the workspace and with the role, so no cached answer of the old one is shown', () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'member'));
    const { result } = renderHook(() => useSessionScope());
    const asMember = result.current;
    act(() => {
      signIn(fakeWorkspaceAuthSession('workspace', 'admin'));
    });
    const asAdmin = result.current;
    expect(asAdmin).not.toBe(asMember);
    act(() => {
      signIn(fakeWorkspaceAuthSession('crm', 'admin'));
    });
    expect(result.current).not.toBe(asAdmin);
  });

  it("is the person in the workspace at level 'place', whatever the role (a worker made admin keeps their counter)", () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'worker'));
    const { result } = renderHook(() => useSessionScope('place'));
    const asWorker = result.current;
    act(() => {
      signIn(fakeWorkspaceAuthSession('workspace', 'admin'));
    });
    expect(result.current).toBe(asWorker);
    act(() => {
      signIn(fakeWorkspaceAuthSession('crm', 'admin'));
    });
    expect(result.current).not.toBe(asWorker);
  });

  it("is the person alone at level 'user', whatever the workspace or role", () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'member'));
    const { result } = renderHook(() => useSessionScope('user'));
    const before = result.current;
    act(() => {
      signIn(fakeWorkspaceAuthSession('crm', 'admin'));
    });
    expect(result.current).toBe(before);
  });

  it("is 'signed-out' without a session", () => {
    clearSession('none');
    const { result } = renderHook(() => useSessionScope());
    expect(result.current).toBe('signed-out');
  });
});
