import type { ButtonProps } from '@mantine/core';

/**
 * `styles` of a Mantine Button whose words wrap onto more lines instead of being cut at its width
 * (its label keeps one line and hides the rest by default): the plan buttons, whose text names a
 * plan title of up to 100 characters or is a plan's button text of up to 60. One line stays the
 * button's usual height.
 */
export const wrappingButtonStyles: ButtonProps['styles'] = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 6 },
  inner: { height: 'auto' },
  label: { whiteSpace: 'normal', height: 'auto', overflow: 'visible', textAlign: 'center', lineHeight: 1.3 },
};
