import { expect } from 'vitest';

/**
 * A Mantine button whose words wrap onto more lines instead of being cut at its width (its label
 * keeps one line and hides the rest by default): what a plan title or button text needs.
 */
export function expectWrapping(button: HTMLElement): void {
  const label = button.querySelector<HTMLElement>('.mantine-Button-label');
  expect(label, button.textContent ?? '').not.toBeNull();
  expect(label?.style.whiteSpace, button.textContent ?? '').toBe('normal');
  expect(button.style.height, button.textContent ?? '').toBe('auto');
}
