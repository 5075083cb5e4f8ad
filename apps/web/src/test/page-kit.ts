import type { Template, WorkspaceRole } from '@workhub/shared/enums';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import { notify } from '../lib/notify.tsx';
import { signIn } from '../lib/session.ts';
import { captureDownloads } from './downloads.ts';
import { mockFetchPerTest } from './fetch-mock.ts';
import { fakeWorkspaceAuthSession } from './fixtures.ts';
import { renderWithData } from './render.tsx';
import { routeFetch } from './route-fetch.ts';

export type Routes = Parameters<typeof routeFetch>[1];

/** A list answer holding `rows`, all on page 1 of `limit`. */
export const listOf = <T>(rows: T[], limit = 14) => ({
  data: rows,
  meta: { page: 1, limit, total: rows.length },
});

/** One page of a template module under test: what it renders, where, and the calls it always makes. */
export type PageUnderTest = { element: ReactElement; path: string; routes?: Routes };

/**
 * What the page tests of a template module (features/barber, features/ticketing) set up alike:
 * the mocked fetch of each test, the files the page saves (`downloads`), the toasts reset after
 * each test, and helpers that sign in to a workspace of `template` and render the page with its
 * calls answered by route. A test file still says `vi.mock('../../../lib/notify.tsx', ...)` itself:
 * vitest hoists a mock per file. Call it at the top of the file (it registers hooks).
 */
export function templatePageKit(
  template: Template,
  page: PageUnderTest,
  options: { downloads?: boolean } = {},
) {
  const fetchMock = mockFetchPerTest();
  const saved = options.downloads ? captureDownloads() : [];
  afterEach(() => {
    vi.mocked(notify.success).mockReset();
    vi.mocked(notify.error).mockReset();
  });

  /** Signs in to a workspace of the template with `role` there. */
  const signInAs = (role: WorkspaceRole) => signIn(fakeWorkspaceAuthSession(template, role));

  /** Renders the page at `path`, its calls answered as the test set `fetchMock` up. */
  const render = (path = page.path) => renderWithData(page.element, path);

  /** Answers the calls by the page's routes with `extra` over them, and renders the page at `path`. */
  const open = (extra: Routes = {}, path = page.path) => {
    routeFetch(fetchMock, { ...page.routes, ...extra });
    return render(path);
  };

  /** Renders the page with the call `key` held open; returns the function that answers it. */
  const openHeld = (key: string) => {
    let answer: (response: Response) => void = () => {};
    open({ [key]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    return (response: Response) => answer(response);
  };

  return { fetchMock, saved, signInAs, render, open, openHeld };
}
