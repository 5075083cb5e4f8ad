import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { Toaster } from '../components/toaster.tsx';
import { fixedColorScheme, theme } from './theme.ts';

type ProvidersProps = { children: ReactNode };

/**
 * What every route needs. TanStack Query is provided by the lazy layouts (components/query-provider.tsx).
 * The theme's CSS variables (theme.ts `cssVariablesResolver` too) are in the build's stylesheet
 * (build/theme-css.ts, imported by main.tsx), not written by the provider at every load.
 */
export const Providers = ({ children }: ProvidersProps) => (
  <MantineProvider
    theme={theme}
    colorSchemeManager={fixedColorScheme}
    forceColorScheme="light"
    withCssVariables={false}
  >
    {children}
    <Toaster />
  </MantineProvider>
);
