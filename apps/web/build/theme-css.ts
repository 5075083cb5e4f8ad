import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { cssVariablesResolver, fixedColorScheme, theme } from '../src/app/theme.ts';

/** Mantine's provider with the app's theme, writing only the theme's variables (no global classes). */
export const themeVariablesProvider = () =>
  createElement(
    MantineProvider,
    {
      theme,
      cssVariablesResolver,
      colorSchemeManager: fixedColorScheme,
      forceColorScheme: 'light',
      withGlobalClasses: false,
    },
    null,
  );

/**
 * The theme's CSS variables, as Mantine's provider writes them into a `<style>` on every page load:
 * the primary colour's, the readable colours' (theme.ts), the dimmed text's. Computing them in the
 * browser (`MantineCssVariables`: the default resolver, the app's, a deep merge, the defaults taken
 * out again) cost every first load ~6 ms, ~25 ms at Lighthouse's 4x CPU, in the app's first render.
 * They depend on the theme alone, so the build writes them once: Mantine's
 * own provider rendered on the server with the app's theme and resolver, its `<style>`'s text taken
 * as it is. The app's provider (providers.tsx) then renders none (`withCssVariables={false}`).
 * The dev server reads theme.ts once, when it starts: a change to the theme's colours shows after a
 * restart of `vite`.
 */
export const themeCss = (): string => {
  const html = renderToStaticMarkup(themeVariablesProvider());
  const css = /^<style data-mantine-styles="true">([^<]+)<\/style>$/.exec(html)?.[1];
  if (!css)
    throw new Error(`Mantine's provider rendered no CSS variables of the theme: ${html.slice(0, 200)}`);
  return css;
};

/** `import 'virtual:theme-variables.css'` (main.tsx): the stylesheet of `themeCss()`, after Mantine's own. */
export const THEME_CSS_MODULE = 'virtual:theme-variables.css';
const RESOLVED = `\0${THEME_CSS_MODULE}`;

export const themeCssModule = (): Plugin => ({
  name: 'workhub:theme-css',
  resolveId: (id) => (id === THEME_CSS_MODULE ? RESOLVED : undefined),
  load: (id) => (id === RESOLVED ? themeCss() : undefined),
});
