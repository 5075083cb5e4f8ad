import { expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify.tsx';
import { announce } from './announce.ts';

vi.mock('../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

/*
 * first.test.ts and second.test.ts are the same test: both load announce.ts, which imports notify.
 * Run in one call, the second must not get the module the first loaded, bound to the first's mock
 * (src/test/setup.ts).
 */
it("reaches this file's mock of notify through a module another file loads too", () => {
  announce('Saved');
  expect(notify.success).toHaveBeenCalledWith('Saved');
});
