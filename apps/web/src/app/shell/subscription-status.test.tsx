import { screen } from '@testing-library/react';
import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../lib/session.ts';
import { fakeAuthSession, fakeSubscription, fakeWorkspaceAuthSession } from '../../test/fixtures.ts';
import { renderPage } from '../../test/render.tsx';
import { ReadOnlyBanner, TrialBadge } from './subscription-status.tsx';

const trial = fakeSubscription();
const readOnly = fakeSubscription({ access: 'read_only', days_left: 0 });

const both = (session: ReturnType<typeof signIn>) => (
  <>
    <TrialBadge session={session} />
    <ReadOnlyBanner session={session} />
  </>
);

describe('subscription status in the shell', () => {
  it("shows the trial's days left to the holder, linking to billing, and no banner", () => {
    const session = signIn(fakeAuthSession({}, { subscription: trial }));
    renderPage(both(session));
    const badge = screen.getByRole('link', { name: 'Trial: 12 days left' });
    expect(badge.getAttribute('href')).toBe('/user/billing');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves the read-only alert to the billing page there (one alert, not two)', () => {
    const session = signIn(fakeAuthSession({}, { subscription: readOnly }));
    renderPage(both(session), '/user/billing');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the read-only banner with Upgrade to the owner, and no trial badge', () => {
    const session = signIn(fakeAuthSession({}, { subscription: readOnly }));
    renderPage(both(session));
    expect(screen.getByRole('alert').textContent).toContain(messages.readOnlyAccount);
    expect(screen.getByRole('link', { name: messages.upgrade }).getAttribute('href')).toBe(
      '/user/billing?plans=1',
    );
    expect(screen.queryByText(/Trial:/)).toBeNull();
  });

  it('tells a member of a read-only workspace why, without an Upgrade button', () => {
    const base = fakeWorkspaceAuthSession('workspace', 'member');
    const session = signIn({ ...base, user: { ...base.user, subscription: readOnly } });
    renderPage(both(session));
    expect(screen.getByRole('alert').textContent).toContain(messages.readOnlyAccount);
    expect(screen.queryByRole('link', { name: messages.upgrade })).toBeNull();
  });

  it('says the paid period ended when it did', () => {
    const ended = { ...readOnly, status: 'active' as const, current_period_end: '2026-11-01T10:00:00.000Z' };
    const session = signIn(fakeAuthSession({}, { subscription: ended }));
    renderPage(both(session));
    expect(screen.getByRole('alert').textContent).toContain(messages.readOnlyPaidPeriodEnded);
  });

  it('shows nothing without a subscription (platform staff)', () => {
    const session = signIn(
      fakeAuthSession({ role: 'super_admin', platform_role: 'super_admin', account_id: null }),
    );
    renderPage(both(session));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
