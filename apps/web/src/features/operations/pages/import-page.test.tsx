import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { ImportPage } from './import-page.tsx';

vi.mock('../../../lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = mockFetchPerTest();

afterEach(() => {
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

const csv = (text: string) => new File([text], 'products.csv', { type: 'text/csv' });
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const errorsShown = () =>
  within(screen.getByRole('list', { name: 'Import errors' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) }));

describe('ImportPage', { timeout: 20_000 }, () => {
  it('previews a file’s faults by row and column, and sends nothing while there are any', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    renderWithData(<ImportPage kind="products" />, '/operations/import/products');
    await user.upload(
      fileInput(),
      csv(
        'Product Name,Price,Lead Time,Procurement Type\nBike,400,2,Make\nWheel,,1,buy\nSpoke,0.5,1000,rent\n',
      ),
    );
    expect(await screen.findByText('2 rows with errors')).toBeTruthy();
    expect(errorsShown()).toEqual([
      `Row 3, price: ${messages.priceRequired}`,
      `Row 4, lead_time: ${messages.leadTimeInvalid}`,
      'Row 4, procurement_type: Must be one of make, buy',
    ]);
    const rows = within(screen.getByRole('table', { name: 'Rows of the file' })).getAllByRole('row');
    expect(rows.map((row) => row.getAttribute('data-invalid'))).toEqual([null, null, 'true', 'true']);
    const faulty = within(rows[3] as HTMLElement).getByText('1000');
    expect(faulty.getAttribute('title')).toBe(messages.leadTimeInvalid);
    expect((screen.getByRole('button', { name: 'Import 3 rows' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(messages.importHasErrors)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s faults of a dry run (names against the workspace) the same way', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'POST /api/products/import': () =>
        jsonResponse(200, {
          data: {
            dry_run: true,
            rows: 2,
            imported: 0,
            errors: [{ row: 2, column: 'product_name', message: messages.importNameTaken('Bike') }],
          },
        }),
    });
    renderWithData(<ImportPage kind="products" />, '/operations/import/products');
    await user.upload(fileInput(), csv('product_name,price\nBike,400\nWheel,50\n'));
    expect(await screen.findByText('1 row with errors')).toBeTruthy();
    expect(errorsShown()).toEqual([`Row 2, product_name: ${messages.importNameTaken('Bike')}`]);
    expect(posts()).toEqual([
      {
        url: '/api/products/import',
        body: {
          rows: [
            { product_name: 'Bike', price: '400' },
            { product_name: 'Wheel', price: '50' },
          ],
          dry_run: true,
        },
      },
    ]);
    expect((screen.getByRole('button', { name: 'Import 2 rows' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('imports a clean file in one request after the dry run, with the progress and the result', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'POST /api/bom-lines/import': (init) => {
        const dry = JSON.parse(String(init?.body)).dry_run as boolean;
        return jsonResponse(200, {
          message: dry ? undefined : messages.importDone(2),
          data: { dry_run: dry, rows: 2, imported: dry ? 0 : 2, errors: [] },
        });
      },
    });
    renderWithData(<ImportPage kind="bom-lines" />, '/operations/import/bom-lines');
    await user.upload(
      fileInput(),
      csv('product_need,product_needed,bom_qty\nBike,Wheel,2\nWheel,Spoke,36\n'),
    );
    const start = await screen.findByRole('button', { name: 'Import 2 rows' });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText('No errors')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe(
      '60',
    );

    await user.click(start);
    expect((await screen.findByRole('status', { name: messages.importDone(2) })).textContent).toContain(
      'Every row of products.csv is in.',
    );
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    expect(posts().map((post) => post.body.dry_run)).toEqual([true, false]);
    expect(notify.success).toHaveBeenCalledWith(messages.importDone(2));
  });

  it('refuses a file whose header lacks a required column', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    renderWithData(<ImportPage kind="products" />, '/operations/import/products');
    await user.upload(fileInput(), csv('name,cost\nBike,400\n'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The header lacks the columns product_name, price.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
