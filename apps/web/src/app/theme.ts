import { type CSSVariablesResolver, createTheme, type MantineColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Indigo 8 (#3b5bdb): white button text and indigo links on white reach 5.7:1 (WCAG AA asks 4.5:1);
  // Mantine's default shade 6 gives 4.3:1.
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components: {
    // A group of fields (a week's hours) is named like one field: its legend as an input's label.
    Fieldset: {
      styles: {
        legend: {
          fontSize: 'var(--mantine-font-size-sm)',
          fontWeight: 'var(--mantine-font-weight-medium)',
          marginBottom: 4,
        },
      },
    },
  },
});

/** Dimmed text in gray 7 (8.2:1 on white): Mantine's gray 6 gives 3.3:1, below WCAG AA's 4.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: { '--mantine-color-dimmed': resolved.colors.gray[7] },
  dark: {},
});

/** The app has one colour scheme; this manager keeps Mantine from reading or writing localStorage. */
export const fixedColorScheme: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};
