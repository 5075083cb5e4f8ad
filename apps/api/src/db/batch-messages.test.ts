import { describe, expect, it } from 'vitest';
import { keptStatement } from './read-batch.ts';
import { batchMessages } from './tenant-context.ts';

/** A kept statement of a read-ahead request's batch (its answer left unawaited). */
const kept = (text: string, shareable = false) => {
  const statement = keptStatement(text, []).kept;
  if (shareable) statement.shareable = true;
  return statement;
};

describe("a read-ahead request's messages (db/tenant-context.ts batchMessages)", () => {
  it('sends the session check and the page in one message, the check standing alone', () => {
    const [check, page, count] = [kept('check'), kept('page'), kept('count')];
    expect(batchMessages([check, page, count], true)).toEqual([[check, page, count]]);
    // Should the page fail the message, the check is answered by a message of its own.
    expect(check.standsAlone).toBe(true);
    expect(page.standsAlone).toBeUndefined();
    expect(count.standsAlone).toBeUndefined();
  });

  it('sends a shared read in a message of its own, behind the check', () => {
    const [check, shared] = [kept('check'), kept('dashboard', true)];
    expect(batchMessages([check, shared], true)).toEqual([[check], [shared]]);
  });

  it('keeps a shareable read in the check’s message where the batcher shares nothing (PGlite)', () => {
    const [check, shared] = [kept('check'), kept('dashboard', true)];
    expect(batchMessages([check, shared], true, false)).toEqual([[check, shared]]);
    expect(check.standsAlone).toBe(true);
  });

  it('sends what is kept after the first send as one message, no statement standing alone', () => {
    const [more, again] = [kept('more'), kept('again')];
    expect(batchMessages([more, again], false)).toEqual([[more, again]]);
    expect(more.standsAlone).toBeUndefined();
  });

  it('sends a check kept alone as it is', () => {
    const check = kept('check');
    expect(batchMessages([check], true)).toEqual([[check]]);
  });
});
