import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetchPerTest } from '../test/fetch-mock.ts';
import { fakeAuthSession, fakeSubscription, jsonResponse } from '../test/fixtures.ts';
import { apiRequest, download } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { refreshSession, setSessionLostHandler, signIn } from './session.ts';
import { getAccessToken, getSession } from './session-store.ts';

const fetchMock = mockFetchPerTest();
const unauthorized = () => jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Please sign in.' } });
const urlOf = (call: Parameters<typeof fetch>) => String(call[0]);
const authHeaderOf = (call: Parameters<typeof fetch>) =>
  (call[1]?.headers as Record<string, string> | undefined)?.Authorization;

afterEach(() => setSessionLostHandler(() => {}));

describe('apiRequest', () => {
  it('sends the bearer token and the cookie, and returns the JSON body', async () => {
    const session = signIn(fakeAuthSession());
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: { ok: true } }));
    await expect(apiRequest('/api/me')).resolves.toEqual({ data: { ok: true } });
    const [call] = fetchMock.mock.calls;
    expect(call?.[1]?.credentials).toBe('include');
    expect(call && authHeaderOf(call)).toBe(`Bearer ${session.accessToken}`);
  });

  it('on a 401 refreshes once and retries the request once with the new token', async () => {
    signIn(fakeAuthSession({ user_id: 'old' }));
    const renewed = fakeAuthSession({ user_id: 'new' });
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(jsonResponse(200, { data: renewed }))
      .mockResolvedValueOnce(jsonResponse(200, { data: { ok: true } }));

    await expect(apiRequest('/api/me')).resolves.toEqual({ data: { ok: true } });

    expect(fetchMock.mock.calls.map(urlOf)).toEqual(['/api/me', '/api/auth/refresh', '/api/me']);
    const retry = fetchMock.mock.calls[2];
    expect(retry && authHeaderOf(retry)).toBe(`Bearer ${renewed.access_token}`);
    expect(getAccessToken()).toBe(renewed.access_token);
  });

  it('does not loop: a second 401 after the retry is the answer', async () => {
    signIn(fakeAuthSession());
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(jsonResponse(200, { data: fakeAuthSession() }))
      .mockResolvedValueOnce(unauthorized());

    await expect(apiRequest('/api/me')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('when the refresh fails, clears the session and reports it lost', async () => {
    signIn(fakeAuthSession());
    const lost = vi.fn();
    setSessionLostHandler(lost);
    fetchMock.mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(unauthorized());

    const failure = await apiRequest('/api/me').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(fetchMock.mock.calls.map(urlOf)).toEqual(['/api/me', '/api/auth/refresh']);
    expect(getSession()).toEqual({ status: 'signed_out', reason: 'expired' });
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it("when the refresh is refused for a deactivated account, reports it with the server's words", async () => {
    signIn(fakeAuthSession());
    const lost = vi.fn();
    setSessionLostHandler(lost);
    const inactive = { error: { code: 'ACCOUNT_INACTIVE', message: 'This account has been deactivated.' } };
    fetchMock.mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(jsonResponse(403, inactive));
    await apiRequest('/api/me').catch(() => {});
    expect(getSession()).toEqual({ status: 'signed_out', reason: 'expired' });
    expect(lost).toHaveBeenCalledWith('refused', 'This account has been deactivated.');
  });

  it('does not refresh for public calls: their 401 is the answer (e.g. a wrong password)', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Invalid email or password.' } }),
    );
    await expect(
      apiRequest('/api/auth/login', {
        method: 'POST',
        body: { email: 'a@b.co', password: 'x' },
        auth: false,
      }),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid email or password.' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('carries the server message and field errors of a 400', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, {
        error: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid.', fields: { email: 'Bad' } },
      }),
    );
    await expect(apiRequest('/api/x', { auth: false })).rejects.toMatchObject({
      status: 400,
      message: 'Some fields are not valid.',
      fields: { email: 'Bad' },
    });
  });

  it('marks the session read-only on a 403 READ_ONLY, without refreshing', async () => {
    signIn(
      fakeAuthSession(
        {},
        {
          subscription: fakeSubscription({ access: 'full', days_left: 1 }),
        },
      ),
    );
    fetchMock.mockResolvedValueOnce(
      jsonResponse(403, { error: { code: 'READ_ONLY', message: 'Read-only' } }),
    );
    await expect(apiRequest('/api/projects', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 403,
      code: 'READ_ONLY',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const session = getSession();
    expect(session.status === 'signed_in' && session.user.subscription?.access).toBe('read_only');
  });

  it("falls back to 'Error' when a failure carries no message", async () => {
    fetchMock.mockResolvedValueOnce(new Response('nope', { status: 404 }));
    await expect(apiRequest('/api/x', { auth: false })).rejects.toMatchObject({
      status: 404,
      message: 'Error',
    });
  });
});

describe('the shared refresh', () => {
  it('makes one refresh request for concurrent 401s, then retries each request', async () => {
    signIn(fakeAuthSession());
    const renewed = fakeAuthSession({ user_id: 'new' });
    let releaseRefresh: (response: Response) => void = () => {};
    fetchMock.mockImplementation((input) => {
      const url = String(input);
      if (url === '/api/auth/refresh') {
        return new Promise<Response>((resolve) => {
          releaseRefresh = resolve;
        });
      }
      const calls = fetchMock.mock.calls.filter((call) => urlOf(call) === url).length;
      return Promise.resolve(calls === 1 ? unauthorized() : jsonResponse(200, { data: url }));
    });

    const answers = Promise.all([apiRequest('/api/a'), apiRequest('/api/b'), apiRequest('/api/c')]);
    await vi.waitFor(() => expect(fetchMock.mock.calls.map(urlOf)).toContain('/api/auth/refresh'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    releaseRefresh(jsonResponse(200, { data: renewed }));

    await expect(answers).resolves.toEqual([{ data: '/api/a' }, { data: '/api/b' }, { data: '/api/c' }]);
    expect(fetchMock.mock.calls.filter((call) => urlOf(call) === '/api/auth/refresh')).toHaveLength(1);
  });

  it('shares one in-flight refresh between direct callers and starts a new one afterwards', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, { data: fakeAuthSession() })));
    const first = refreshSession();
    const second = refreshSession();
    expect(second).toBe(first);
    await first;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await refreshSession();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('download', () => {
  it('GETs the file with the token, refreshing once on a 401, and saves it under the name the API gives', async () => {
    signIn(fakeAuthSession({ user_id: 'old' }));
    const renewed = fakeAuthSession({ user_id: 'new' });
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(jsonResponse(200, { data: renewed }))
      .mockResolvedValueOnce(
        new Response('Name\r\n', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="tasks-2026-01-02.csv"' },
        }),
      );

    await download('/api/tasks/export?q=x', 'fallback.csv');

    expect(fetchMock.mock.calls.map(urlOf)).toEqual([
      '/api/tasks/export?q=x',
      '/api/auth/refresh',
      '/api/tasks/export?q=x',
    ]);
    const retry = fetchMock.mock.calls[2];
    expect(retry && authHeaderOf(retry)).toBe(`Bearer ${renewed.access_token}`);
    expect(saved).toEqual(['tasks-2026-01-02.csv blob:file']);
    vi.restoreAllMocks();
  });

  it('throws the API error of a refused export and saves nothing', async () => {
    signIn(fakeAuthSession());
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'No.' } }));
    await expect(download('/api/projects/export', 'projects.csv')).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });
});
