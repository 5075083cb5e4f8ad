import { renderHook } from '@testing-library/react';
import { ACTIONS } from '@workhub/shared/permissions';
import { describe, expect, it } from 'vitest';
import { fakeSubscription, fakeWorkspaceAuthSession } from '../test/fixtures.ts';
import { expireSession, signIn } from './session.ts';
import { changesData, useMay } from './use-may.ts';

const ownerWith = (access: 'full' | 'read_only') => {
  const session = fakeWorkspaceAuthSession('workspace', 'owner');
  return { ...session, user: { ...session.user, subscription: fakeSubscription({ access }) } };
};

describe('useMay', () => {
  it('follows can() while the account has full access', () => {
    signIn(ownerWith('full'));
    const { result } = renderHook(() => useMay());
    expect(result.current('project:create')).toBe(true);
    expect(result.current('task:delete')).toBe(true);
    expect(result.current('admin:plans')).toBe(false);
  });

  it('refuses every action that changes data once the account is read-only, and keeps the reads and billing', () => {
    signIn(ownerWith('read_only'));
    const { result } = renderHook(() => useMay());
    for (const action of ACTIONS) {
      if (changesData(action)) expect(result.current(action), action).toBe(false);
    }
    expect(result.current('project:view')).toBe(true);
    expect(result.current('task:view_all')).toBe(true);
    expect(result.current('team:view')).toBe(true);
    expect(result.current('billing:manage')).toBe(true);
  });

  it('allows nothing without a session', () => {
    expireSession();
    const { result } = renderHook(() => useMay());
    expect(result.current('project:view')).toBe(false);
  });
});
