import {
  Button,
  type CSSVariablesResolver,
  createTheme,
  darken,
  luminance,
  type MantineColorSchemeManager,
  type MantineThemeColors,
  rem,
} from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Indigo 8 (#3b5bdb): white button text and indigo links on white reach 5.7:1 (WCAG AA asks 4.5:1);
  // Mantine's default shade 6 gives 4.3:1.
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components: {
    // A compact-xs button (a table row's 'Edit', 'Record payment') is 22 px high; WCAG 2.2 asks
    // 24 px for a target beside another (axe: target-size, two of them side by side in a row).
    Button: Button.extend({
      vars: (_theme, props) => ({
        root: props.size === 'compact-xs' ? { '--button-height': rem(24) } : {},
      }),
    }),
    // The eye dropper beside a colour field (a tag's) is an icon with no name.
    ColorInput: {
      defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Pick a colour from the screen' } },
    },
    // A menu opened put focus on a bare placeholder inside it (role presentation, tabindex -1), a
    // child a menu may not have (axe: aria-required-children); without it the first item takes
    // focus, as WAI-ARIA's menu button has it, and the arrow keys go on from there.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A dialog's title bar is a <header> inside a section whose role is dialog, which makes it a
    // second banner landmark beside the app's own (axe: landmark-no-duplicate-banner); its close
    // button is an icon with no name ('button', read out as nothing). Both, for every dialog and
    // drawer.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    ModalCloseButton: { defaultProps: { 'aria-label': 'Close' } },
    DrawerCloseButton: { defaultProps: { 'aria-label': 'Close' } },
    // A switch is a pointer target: Mantine's default (sm) track is 20 px high, under the 24 px
    // WCAG 2.2 asks (2.5.8); md is 24 (a member's or subscriber's Active, a plan's, a ticket's
    // Priority). A switch given its own size keeps it (the kiosk's).
    Switch: { defaultProps: { size: 'md' } },
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

/** WCAG 2's contrast ratio of two colours (1 to 21). */
export const contrastRatio = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** WCAG AA for text of normal size. */
const AA = 4.5;

/** `base` as it is when it reads at 4.5:1 on `background`, else darkened in steps of 5% until it does. */
export const readableOn = (base: string, background: string): string => {
  for (let step = 0; step < 20; step += 1) {
    const color = step === 0 ? base : darken(base, step / 20);
    if (contrastRatio(color, background) >= AA) return color;
  }
  return '#000';
};

/**
 * Each colour's variants made to read at 4.5:1, where Mantine's do not: white on a filled green,
 * teal, cyan, orange, yellow or lime (shade 8: 2.5-4.4:1, so a green 'active' badge or button read
 * at 3.5:1), and a light badge's shade 9 on its shade 1 background (green 3.8:1, yellow 2.7:1; on
 * the hover's shade 2 background, as a light button shows it, lower still). Only the variables
 * that fall short are replaced, by the same hue darkened; indigo (the primary), gray and most
 * others keep Mantine's.
 */
export const readableColorVariables = (colors: MantineThemeColors): Record<string, string> => {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    const filled = readableOn(shades[8], '#ffffff');
    if (filled !== shades[8]) {
      variables[`--mantine-color-${name}-filled`] = filled;
      variables[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
      variables[`--mantine-color-${name}-outline`] = filled;
    }
    const lightColor = readableOn(shades[9], shades[2]);
    if (lightColor !== shades[9]) variables[`--mantine-color-${name}-light-color`] = lightColor;
  }
  return variables;
};

/**
 * Dimmed text in gray 7 (8.2:1 on white): Mantine's gray 6 gives 3.3:1, below WCAG AA's 4.5:1. A
 * placeholder (a file field's 'Choose an image' is one) in gray 6 darkened to 4.5:1: Mantine's gray
 * 5 gives 2.1:1, and gray 7 would read as a value typed in. An error in red 6 darkened the same way.
 * The colours' variants as above.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolved.colors.gray[7],
    '--mantine-color-placeholder': readableOn(resolved.colors.gray[6], '#ffffff'),
    // A field's error under it: Mantine's red 6 gives 3.3:1.
    '--mantine-color-error': readableOn(resolved.colors.red[6], '#ffffff'),
    ...readableColorVariables(resolved.colors),
  },
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
