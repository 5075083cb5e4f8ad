import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakeWorkspaceAuthSession, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { fakeBomLine, fakeProduct, listOf, opsIds } from '../testing/fixtures.ts';
import { BomLinesPanel } from './bom-lines-panel.tsx';

const fetchMock = mockFetchPerTest();

const wheel = fakeProduct({ id: opsIds.wheel, product_name: 'Wheel' });

describe('BomLinesPanel', { timeout: 20_000 }, () => {
  it('opens a new line in its Component box, so the component is searched at once', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('mrp', 'member'));
    routeFetch(fetchMock, {
      [`GET /api/products/${opsIds.wheel}/bom`]: () => jsonResponse(200, listOf([fakeBomLine()])),
      'GET /api/products': () => jsonResponse(200, listOf([])),
    });
    renderWithData(<BomLinesPanel product={wheel} mayEdit />);
    const add = await screen.findByRole('button', { name: '+ Add line' });
    add.focus();
    await user.keyboard('{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'New line of Wheel' }));
    const component = dialog.getByRole('combobox', { name: /^Component/ });
    await waitFor(() => expect(document.activeElement).toBe(component));
    await user.keyboard('Spo');
    expect((component as HTMLInputElement).value).toBe('Spo');
  });
});
