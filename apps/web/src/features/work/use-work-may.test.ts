import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../lib/session.ts';
import { fakeWorkspaceAuthSession } from '../../test/fixtures.ts';
import { useWorkMay } from './use-work-may.ts';

describe('useWorkMay', () => {
  it('follows useMay under an active project', () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    const { result } = renderHook(() => useWorkMay({ status: 'in_progress' }));
    expect(result.current('milestone:create')).toBe(true);
    expect(result.current('task:delete')).toBe(true);
  });

  it('refuses every change under an archived project, and keeps the reads', () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    const { result } = renderHook(() => useWorkMay({ status: 'archived' }));
    for (const action of [
      'milestone:create',
      'milestone:update',
      'milestone:delete',
      'task:create',
      'task:update',
      'task:delete',
      'task:update_status',
    ] as const) {
      expect(result.current(action), action).toBe(false);
    }
    expect(result.current('milestone:view')).toBe(true);
    expect(result.current('task:view_all')).toBe(true);
  });

  it('refuses the changes while the project is not known yet', () => {
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    const { result } = renderHook(() => useWorkMay(undefined));
    expect(result.current('task:create')).toBe(false);
    expect(result.current('task:view_all')).toBe(true);
  });
});
