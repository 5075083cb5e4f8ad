import { Button, Stack } from '@mantine/core';
import { Hint } from '../../../components/hint.tsx';

const PROVIDERS = ['GitHub', 'Google'] as const;

/**
 * Sign-in with a code-hosting provider and a general provider (spec section 2): shown, but off
 * until a provider is configured. aria-disabled (not `disabled`) keeps them focusable, so the hint
 * also shows on keyboard focus.
 */
export const ProviderButtons = () => (
  <Stack gap="xs">
    {PROVIDERS.map((provider) => (
      <Hint key={provider} label="Not configured yet">
        <Button
          variant="default"
          fullWidth
          aria-disabled="true"
          data-disabled
          onClick={(event) => event.preventDefault()}
        >
          Continue with {provider}
        </Button>
      </Hint>
    ))}
  </Stack>
);
