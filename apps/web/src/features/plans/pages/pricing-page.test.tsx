import { screen } from '@testing-library/react';
import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakePlan, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { PricingPage } from './pricing-page.tsx';

const fetchMock = mockFetchPerTest();

describe('PricingPage', () => {
  it('holds the cards’ places while the plans load (no jump of what follows), then shows them', async () => {
    let answer: (response: Response) => void = () => {};
    routeFetch(fetchMock, {
      'GET /api/plans': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderWithData(<PricingPage />, '/pricing');
    const loading = await screen.findByRole('status');
    expect(loading.textContent).toContain(messages.loading);
    // Card-shaped placeholders where the cards will stand, not a one-line spinner.
    expect(screen.getAllByTestId('plan-card-placeholder')).toHaveLength(3);
    expect(screen.queryByRole('article')).toBeNull();

    answer(
      jsonResponse(200, {
        data: [fakePlan(1, 'Free Trial'), fakePlan(2, 'Starter'), fakePlan(3, 'Professional')],
        meta: { page: 1, limit: 100, total: 3 },
      }),
    );
    expect(await screen.findByRole('article', { name: 'Starter' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByTestId('plan-card-placeholder')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
