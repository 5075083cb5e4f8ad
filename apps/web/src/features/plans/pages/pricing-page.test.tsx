import { screen } from '@testing-library/react';
import { messages } from '@workhub/shared/messages';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { fakePlan, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { routeFetch } from '../../../test/route-fetch.ts';
import { expectWrapping } from '../../../test/wrapping.ts';
import { usePlans } from '../api/get-plans.ts';
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
    // A plan's button text (up to 60 characters) wraps instead of being cut.
    for (const link of screen.getAllByRole('link')) expectWrapping(link);
    expect(screen.queryByTestId('plan-card-placeholder')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('renders the cards after the answer’s own render, in a deferred one (no long task on arrival)', async () => {
    // Subscribed to the same query, the probe renders with the answer's update and records what
    // that commit put on screen; the cards' deferred render does not render it again.
    const seen: { cards: number; placeholders: number }[] = [];
    const Probe = () => {
      const plans = usePlans();
      useLayoutEffect(() => {
        if (!plans.isPending) {
          seen.push({
            cards: document.querySelectorAll('article').length,
            placeholders: document.querySelectorAll('[data-testid="plan-card-placeholder"]').length,
          });
        }
      });
      return null;
    };
    routeFetch(fetchMock, {
      'GET /api/plans': () =>
        jsonResponse(200, { data: [fakePlan(1, 'Free Trial')], meta: { page: 1, limit: 100, total: 1 } }),
    });
    renderWithData(
      <>
        <PricingPage />
        <Probe />
      </>,
      '/pricing',
    );
    expect(await screen.findByRole('article', { name: 'Free Trial' })).toBeTruthy();
    expect(seen).toEqual([{ cards: 0, placeholders: 3 }]);
  });
});
