import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../lib/session.ts';
import { fakeAuthSession } from '../../test/fixtures.ts';
import { renderPage } from '../../test/render.tsx';
import { UserMenu } from './user-menu.tsx';

describe('the user menu', () => {
  it('is named by its content (the full name), with no aria-label that the initials shown would not match', () => {
    const session = signIn(fakeAuthSession({}, { first_name: 'Ada', last_name: 'Lovelace' }));
    renderPage(<UserMenu session={session} />);
    const button = screen.getByRole('button', { name: 'Ada Lovelace (user menu)' });
    expect(button.getAttribute('aria-label')).toBeNull();
    // The initials and the name as shown are not read twice.
    expect(screen.getByText('AL').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByText('Ada Lovelace').closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('shows a name that starts with an emoji by the whole emoji, not half of it (�)', () => {
    const session = signIn(fakeAuthSession({}, { first_name: '🧪 Lab', last_name: 'Ñandú' }));
    renderPage(<UserMenu session={session} />);
    expect(screen.getByText('🧪Ñ')).toBeTruthy();
  });
});
