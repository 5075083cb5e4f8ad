import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { Toaster } from '../components/toaster.tsx';
import { cssVariablesResolver, fixedColorScheme, theme } from './theme.ts';

type ProvidersProps = { children: ReactNode };

/** What every route needs. TanStack Query is provided by the lazy layouts (components/query-provider.tsx). */
export const Providers = ({ children }: ProvidersProps) => (
  <MantineProvider
    theme={theme}
    cssVariablesResolver={cssVariablesResolver}
    colorSchemeManager={fixedColorScheme}
    forceColorScheme="light"
  >
    {children}
    <Toaster />
  </MantineProvider>
);
