import { screen } from '@testing-library/react';
import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { calledUrls, mockFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderPage } from '../../../test/render.tsx';
import { ProviderButtons } from './provider-buttons.tsx';

const fetchMock = mockFetchPerTest();

const offButton = (name: string) => {
  const button = screen.getByRole('button', { name });
  expect(button.getAttribute('aria-disabled')).toBe('true');
  return button;
};

describe('ProviderButtons', () => {
  it('shows both buttons off with their hint while the providers load', () => {
    fetchMock.mockReturnValueOnce(new Promise<Response>(() => {}));
    renderPage(<ProviderButtons />);
    offButton('Continue with GitHub');
    offButton('Continue with Google');
    expect(screen.getAllByRole('tooltip').map((tip) => tip.textContent)).toEqual([
      messages.providerDisabledHint,
      messages.providerDisabledHint,
    ]);
    expect(calledUrls(fetchMock)).toEqual(['/api/auth/providers']);
  });

  it('turns a configured provider into a link to its start route, with next', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        data: [
          { id: 'github', label: 'GitHub', enabled: false },
          { id: 'oidc', label: 'Acme SSO', enabled: true },
        ],
      }),
    );
    renderPage(<ProviderButtons next="/project/list" />);
    const link = await screen.findByRole('link', { name: 'Continue with Acme SSO' });
    expect(link.getAttribute('href')).toBe('/api/auth/oauth/oidc/start?next=%2Fproject%2Flist');
    offButton('Continue with GitHub');
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it('keeps both buttons off when the list cannot be loaded', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { error: { code: 'INTERNAL', message: 'x' } }));
    renderPage(<ProviderButtons />);
    await Promise.resolve();
    offButton('Continue with GitHub');
    offButton('Continue with Google');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
