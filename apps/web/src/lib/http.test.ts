import { describe, expect, it } from 'vitest';
import { mockFetchPerTest } from '../test/fetch-mock.ts';
import { jsonResponse } from '../test/fixtures.ts';
import { ApiError } from './api-error.ts';
import { prefetchPublic, requestJson } from './http.ts';

const fetchMock = mockFetchPerTest();
const PATH = '/api/plans?limit=100';

describe('prefetchPublic (a public GET started with the first page’s scripts)', () => {
  it('asks once: the first request for the path takes the prefetched answer', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: ['early'] }));
    prefetchPublic(PATH);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(PATH);
    expect(init?.credentials).toBe('include');
    expect((init?.headers as Record<string, string> | undefined)?.Accept).toBe('application/json');
    await expect(requestJson(PATH)).resolves.toEqual({ data: ['early'] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('answers once only: a later request for the path asks again', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { data: ['early'] }))
      .mockResolvedValueOnce(jsonResponse(200, { data: ['fresh'] }));
    prefetchPublic(PATH);
    await requestJson(PATH);
    await expect(requestJson(PATH)).resolves.toEqual({ data: ['fresh'] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not taken by a request that sends a token, a body or another method, nor for another path', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: 'asked' }));
    prefetchPublic(PATH);
    await requestJson(PATH, { token: 'a-token' });
    await requestJson(PATH, { method: 'POST', body: {} });
    await requestJson('/api/plans?limit=5');
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const [, withToken] = fetchMock.mock.calls[1] ?? [];
    expect((withToken?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer a-token');
    // Still there for the page's own public request.
    await requestJson(PATH);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("gives the page the prefetch's failure as its own: a 4xx/5xx as an ApiError, a network failure as status 0", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(503, { error: { code: 'UNAVAILABLE', message: 'Try again soon.' } }),
    );
    prefetchPublic(PATH);
    await expect(requestJson(PATH)).rejects.toMatchObject({ status: 503, message: 'Try again soon.' });

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    prefetchPublic(PATH);
    const failed = await requestJson(PATH).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
