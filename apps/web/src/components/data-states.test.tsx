import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { renderWithData } from '../test/render.tsx';
import { QueryState } from './data-states.tsx';

/** What the screen showed at each commit of the component that holds the query. */
const Page = ({
  load,
  seen,
  back,
}: {
  load: () => Promise<string[]>;
  seen: string[];
  back?: { to: string; label: string };
}) => {
  const query = useQuery({ queryKey: ['rows'], queryFn: load });
  useLayoutEffect(() => {
    seen.push(document.body.textContent ?? '');
  });
  return (
    <QueryState query={query} errorTitle="Could not load the rows" {...(back ? { back } : {})}>
      {(rows) => (
        <ul>
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
};

describe('QueryState', () => {
  it('shows Loading, then the data; the answer itself commits Loading and the rows follow in a deferred render', async () => {
    const seen: string[] = [];
    renderWithData(<Page load={async () => ['first row', 'second row']} seen={seen} />);
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('second row')).toBeTruthy();
    expect(screen.getByText('first row')).toBeTruthy();
    // The query's update renders at once (its store); rendering the rows then would be one long
    // task. Deferred, the update's own commit still shows Loading, and the rows come in a
    // background render: the holder does not render again for it.
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((text) => text.includes('Loading') && !text.includes('first row'))).toBe(true);
  });

  it('shows the error with a way to try again, and no way for a 404', async () => {
    const failing = (status: number, code: 'INTERNAL' | 'NOT_FOUND', message: string) => async () => {
      throw new ApiError({ status, code, message });
    };
    const { unmount } = renderWithData(
      <Page load={failing(500, 'INTERNAL', 'The server failed.')} seen={[]} />,
    );
    expect(await screen.findByText('The server failed.')).toBeTruthy();
    expect(screen.getByText('Could not load the rows')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    unmount();

    renderWithData(<Page load={failing(404, 'NOT_FOUND', 'Not found.')} seen={[]} />);
    expect(await screen.findByText('Not found.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("offers a record's page a way back to its list when the record cannot be loaded (deleted, say)", async () => {
    const gone = async () => {
      throw new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Not found.' });
    };
    renderWithData(<Page load={gone} seen={[]} back={{ to: '/project/list', label: 'Back to projects' }} />);
    const link = await screen.findByRole('link', { name: 'Back to projects' });
    expect(link.getAttribute('href')).toBe('/project/list');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
