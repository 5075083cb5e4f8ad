import { Button, Stack } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { SignInProvider } from '@workhub/shared/schemas/sso';
import { providerStartPath } from '@workhub/shared/sso';
import { useEffect, useState } from 'react';
import { Hint } from '../../../components/hint.tsx';
import { getProviders } from '../api/get-providers.ts';

/** What shows until the server has answered (or when it cannot): both buttons, off. */
const UNKNOWN: SignInProvider[] = [
  { id: 'github', label: 'GitHub', enabled: false },
  { id: 'oidc', label: 'Google', enabled: false },
];

type ProviderButtonsProps = {
  /** Where to land once signed in at the provider (a path of this site). */
  next?: string | undefined;
};

/**
 * Sign-in with a code-hosting provider and a general provider (spec section 2). A configured one
 * is a link to the API's start route (a full page navigation: the provider's pages are not ours);
 * an unconfigured one stays off with its hint. aria-disabled (not `disabled`) keeps it focusable,
 * so the hint also shows on keyboard focus. A plain fetch, not TanStack Query: this is the first
 * route a visitor loads (bundle budget).
 */
export const ProviderButtons = ({ next }: ProviderButtonsProps) => {
  const [providers, setProviders] = useState<SignInProvider[]>(UNKNOWN);

  useEffect(() => {
    const controller = new AbortController();
    getProviders(controller.signal)
      .then((answer) => setProviders(answer.data))
      // The buttons stay off: signing in with a password still works.
      .catch(() => {});
    return () => controller.abort();
  }, []);

  return (
    <Stack gap="xs">
      {providers.map((provider) =>
        provider.enabled ? (
          <Button
            key={provider.id}
            component="a"
            href={providerStartPath(provider.id, next)}
            variant="default"
            fullWidth
          >
            Continue with {provider.label}
          </Button>
        ) : (
          <Hint key={provider.id} label={messages.providerDisabledHint}>
            <Button
              variant="default"
              fullWidth
              aria-disabled="true"
              data-disabled
              onClick={(event) => event.preventDefault()}
            >
              Continue with {provider.label}
            </Button>
          </Hint>
        ),
      )}
    </Stack>
  );
};
