import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { IMPORT_BODY_MAX_BYTES } from '@workhub/shared/schemas/operations-import';
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
  it('shows a file’s format faults and the server’s checks against the workspace at once, importing nothing', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    // The dry run reports every fault: the format's (the same as checked here) and the workspace's.
    routeFetch(fetchMock, {
      'POST /api/products/import': () =>
        jsonResponse(200, {
          message: operationsMessages.importHasErrors,
          data: {
            dry_run: true,
            rows: 3,
            imported: 0,
            errors: [
              { row: 2, column: 'product_name', message: operationsMessages.importNameTaken('Bike') },
              { row: 3, column: 'price', message: operationsMessages.priceRequired },
              { row: 4, column: 'lead_time', message: operationsMessages.leadTimeInvalid },
              { row: 4, column: 'procurement_type', message: 'Must be one of make, buy' },
            ],
          },
        }),
    });
    renderWithData(<ImportPage kind="products" />, '/operations/import/products');
    await user.upload(
      fileInput(),
      csv(
        'Product Name,Price,Lead Time,Procurement Type\nBike,400,2,Make\nWheel,,1,buy\nSpoke,0.5,1000,rent\n',
      ),
    );
    expect(await screen.findByText('3 rows with errors')).toBeTruthy();
    expect(errorsShown()).toEqual([
      `Row 2, product_name: ${operationsMessages.importNameTaken('Bike')}`,
      `Row 3, price: ${operationsMessages.priceRequired}`,
      `Row 4, lead_time: ${operationsMessages.leadTimeInvalid}`,
      'Row 4, procurement_type: Must be one of make, buy',
    ]);
    const rows = within(screen.getByRole('table', { name: 'Rows of the file' })).getAllByRole('row');
    expect(rows.map((row) => row.getAttribute('data-invalid'))).toEqual([null, 'true', 'true', 'true']);
    const faulty = within(rows[3] as HTMLElement).getByText('1000');
    expect(faulty.getAttribute('title')).toBe(operationsMessages.leadTimeInvalid);
    expect((screen.getByRole('button', { name: 'Import 3 rows' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(operationsMessages.importHasErrors)).toBeTruthy();
    expect(posts().map((post) => post.body.dry_run)).toEqual([true]);
  });

  it('keeps the format faults found here when the dry run cannot be made', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'POST /api/products/import': () =>
        jsonResponse(503, { error: { code: 'UNAVAILABLE', message: messages.serviceUnavailable } }),
    });
    renderWithData(<ImportPage kind="products" />, '/operations/import/products');
    await user.upload(fileInput(), csv('product_name,price\nBike,400\nWheel,\n'));
    expect(await screen.findByText('1 row with errors')).toBeTruthy();
    expect(errorsShown()).toEqual([`Row 3, price: ${operationsMessages.priceRequired}`]);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(messages.serviceUnavailable));
    expect((screen.getByRole('button', { name: 'Import 2 rows' }) as HTMLButtonElement).disabled).toBe(true);
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
            errors: [{ row: 2, column: 'product_name', message: operationsMessages.importNameTaken('Bike') }],
          },
        }),
    });
    renderWithData(<ImportPage kind="products" />, '/operations/import/products');
    await user.upload(fileInput(), csv('product_name,price\nBike,400\nWheel,50\n'));
    expect(await screen.findByText('1 row with errors')).toBeTruthy();
    expect(errorsShown()).toEqual([`Row 2, product_name: ${operationsMessages.importNameTaken('Bike')}`]);
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
          message: dry ? undefined : operationsMessages.importDone(2),
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
    expect(
      (await screen.findByRole('status', { name: operationsMessages.importDone(2) })).textContent,
    ).toContain('Every row of products.csv is in.');
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    expect(posts().map((post) => post.body.dry_run)).toEqual([true, false]);
    expect(notify.success).toHaveBeenCalledWith(operationsMessages.importDone(2));
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

  it('refuses a file larger than the import takes before sending it, naming the limit', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    renderWithData(<ImportPage kind="products" />, '/operations/import/products');
    const big = `product_name,price\n${'Bike,400\n'.repeat(600_000)}`;
    expect(big.length).toBeGreaterThan(IMPORT_BODY_MAX_BYTES);
    await user.upload(fileInput(), csv(big));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(operationsMessages.importTooLarge('5 MB'));
    expect(screen.queryByText('No errors')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Import / })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses rows whose request would pass the limit (8,000 long descriptions), sending nothing', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    renderWithData(<ImportPage kind="products" />, '/operations/import/products');
    const description = 'd'.repeat(620);
    const rows = Array.from({ length: 8000 }, (_, index) => `P${index},1,${description}\n`).join('');
    const file = csv(`product_name,price,description\n${rows}`);
    // The file fits; its rows as JSON, keyed by column, do not.
    expect(file.size).toBeLessThan(IMPORT_BODY_MAX_BYTES);
    await user.upload(fileInput(), file);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain(operationsMessages.importTooLarge('5 MB'));
    expect(screen.queryByText('No errors')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a lasting error, not “No errors”, when the server answers 413', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'POST /api/products/import': () =>
        jsonResponse(413, { error: { code: 'PAYLOAD_TOO_LARGE', message: messages.payloadTooLarge } }),
    });
    renderWithData(<ImportPage kind="products" />, '/operations/import/products');
    await user.upload(fileInput(), csv('product_name,price\nBike,400\n'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(operationsMessages.importTooLarge('5 MB'));
    expect(screen.queryByText('No errors')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Import / })).toBeNull();
  });

  it('refuses a file that is not UTF-8 (a Latin-1 export), importing nothing', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    renderWithData(<ImportPage kind="products" />, '/operations/import/products');
    // 'Café crème' in Latin-1: é is 0xE9, è 0xE8, neither valid UTF-8 on its own.
    const latin1 = Uint8Array.from(
      [...'product_name,price\nCaf\u00e9 cr\u00e8me,4\n'].map((char) => char.charCodeAt(0)),
    );
    await user.upload(fileInput(), new File([latin1], 'products.csv', { type: 'text/csv' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(operationsMessages.importNotUtf8);
    expect(screen.queryByText(/Caf/)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads a UTF-8 file with a byte order mark (Excel’s CSV UTF-8)', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      'POST /api/products/import': () =>
        jsonResponse(200, { data: { dry_run: true, rows: 1, imported: 0, errors: [] } }),
    });
    renderWithData(<ImportPage kind="products" />, '/operations/import/products');
    await user.upload(fileInput(), csv('\uFEFFproduct_name,price\nCafé crème,4\n'));
    expect(await screen.findByText('No errors')).toBeTruthy();
    expect(posts()[0]?.body.rows).toEqual([{ product_name: 'Café crème', price: '4' }]);
  });
});
