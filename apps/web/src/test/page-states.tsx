import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { expect, type vi } from 'vitest';
import { jsonResponse } from './fixtures.ts';
import { renderWithData } from './render.tsx';
import { routeFetch } from './route-fetch.ts';

type Routes = Parameters<typeof routeFetch>[1];

/**
 * A list page's empty state (its list answers `empty`), then its error (a 500) with Try again,
 * which loads the table (`full`): the same three steps for every list page (the salon's, the queue's).
 */
export async function expectEmptyThenErrorAndRetry(
  fetchMock: ReturnType<typeof vi.fn<typeof fetch>>,
  page: { element: ReactElement; path: string; routes: Routes; list: string },
  answers: { empty: unknown; full: unknown },
  texts: { empty: string; errorTitle: string; table: string },
) {
  const user = userEvent.setup();
  routeFetch(fetchMock, { ...page.routes, [page.list]: () => jsonResponse(200, answers.empty) });
  const first = renderWithData(page.element, page.path);
  expect(await screen.findByText(texts.empty)).toBeTruthy();
  first.unmount();
  let fail = true;
  routeFetch(fetchMock, {
    ...page.routes,
    [page.list]: () =>
      fail
        ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'Server trouble' } })
        : jsonResponse(200, answers.full),
  });
  renderWithData(page.element, page.path);
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText(texts.errorTitle)).toBeTruthy();
  fail = false;
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('table', { name: texts.table })).toBeTruthy();
}
