import { screen } from '@testing-library/react';
import type { BillingOverview } from '@workhub/shared/schemas/billing';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import { accessLine, CurrentPlanCard } from './current-plan-card.tsx';

const overview = (subscription: Partial<BillingOverview['subscription']>): BillingOverview =>
  ({
    plan: { plan_id: 3, title: 'Professional', price: 49, month: 1 },
    usage: { workspaces: { used: 2, max: null }, members: { used: 3, max: 25 } },
    subscription: {
      status: 'trialing',
      trial_ends_at: '2026-12-12T10:00:00.000Z',
      current_period_start: null,
      current_period_end: null,
      access: 'full',
      days_left: 12,
      ...subscription,
    },
  }) as BillingOverview;

describe('the plan card says when access ends', () => {
  it('shows the trial end while trialing', () => {
    expect(accessLine(overview({}))).toBe('Trial ends 12 Dec 2026 · 12 days left');
  });

  it('shows a paid account its paid period end, never its old trial date', () => {
    const paid = overview({
      status: 'active',
      current_period_end: '2027-01-05T10:00:00.000Z',
      days_left: 42,
    });
    expect(accessLine(paid)).toBe('Period ends 5 Jan 2027 · 42 days left');
  });

  it('shows a paid account without a period end nothing, not "Trial ends"', () => {
    const paid = overview({ status: 'active', current_period_end: null });
    expect(accessLine(paid)).toBeNull();
    renderPage(<CurrentPlanCard billing={paid} />);
    expect(screen.getByRole('heading', { name: 'Professional' })).toBeTruthy();
    expect(screen.queryByText(/Trial/)).toBeNull();
    expect(screen.queryByText(/12 Dec 2026/)).toBeNull();
  });
});
