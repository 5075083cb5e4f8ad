import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../lib/labels.ts';
import { changeLines } from './audit-table.tsx';

describe('changeLines', () => {
  it('gives each changed value, and what was only added or removed', () => {
    expect(
      changeLines({
        before: { role: 'member', status: 'active', note: 'x' },
        after: { role: 'admin', status: 'active', rows: 3 },
      }),
    ).toEqual(['role: member → admin', 'note: x', 'rows: 3']);
  });

  it("names a field with spaces, and shows an instant in the reader's time", () => {
    const expires = '2026-12-07T03:44:41.841Z';
    // As the app writes moments everywhere ('7 Dec 2026, 03:44' in UTC), not 'Dec 7, 2026, 3:44 AM'.
    const local = formatDateTime(expires);
    expect(local).toMatch(/^\d{1,2} Dec 2026, \d{2}:\d{2}$/);
    expect(changeLines({ before: null, after: { expires_at: expires, new_user: true } })).toEqual([
      `expires at: ${local}`,
      'new user: true',
    ]);
  });

  it('leaves text that only looks like a date as it is', () => {
    expect(changeLines({ before: null, after: { due_date: '2027-01-15', name: '2026-12-07T99' } })).toEqual([
      'due date: 2027-01-15',
      'name: 2026-12-07T99',
    ]);
  });
});
