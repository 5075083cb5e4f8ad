import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { getCbeAll } from './cbe-query.ts';

const fetchMock = mockFetchPerTest();

describe('getCbeAll', () => {
  it('reads every page of a filtered list (a CSV of the whole list, not the page on screen)', async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'owner'));
    const rows = Array.from({ length: 130 }, (_, i) => ({ id: String(i) }));
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://x');
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      return jsonResponse(200, {
        data: rows.slice((page - 1) * limit, page * limit),
        meta: { page, limit, total: rows.length },
      });
    });
    const all = await getCbeAll<{ id: string }>('payments', { q: 'kamau', page: 3, limit: 14 });
    expect(all.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(calledUrls(fetchMock)).toEqual([
      '/api/cbe/payments?limit=100&q=kamau&page=1',
      '/api/cbe/payments?limit=100&q=kamau&page=2',
    ]);
  });
});
