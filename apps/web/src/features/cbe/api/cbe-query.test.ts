import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession } from '../../../test/fixtures.ts';
import { exportCbe } from './cbe-query.ts';

const fetchMock = mockFetchPerTest();
afterEach(() => vi.restoreAllMocks());

describe('exportCbe', () => {
  it("downloads the API's export of the filtered list: the page on screen and its size stay out of the query", async () => {
    signIn(fakeWorkspaceAuthSession('cbe', 'owner'));
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:payments');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fetchMock.mockResolvedValue(
      new Response('Paid on,Student,Amount,Method,Reference\r\n', {
        status: 200,
        headers: {
          'content-disposition': 'attachment; filename="payments-2026-02-01.csv"',
          'x-export-truncated': '10000',
        },
      }),
    );
    const result = await exportCbe('payments', { q: 'kamau', page: 3, limit: 14 });
    expect(calledUrls(fetchMock)).toEqual(['/api/cbe/payments/export?q=kamau']);
    expect(saved).toEqual(['payments-2026-02-01.csv']);
    expect(result).toEqual({ truncatedAt: 10000 });
  });
});
