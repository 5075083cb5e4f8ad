import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The 'Tags' MultiSelect's text input of a project or task form (its label also names the list of
 * chosen tags), once the workspace's tags are in. jsdom never finishes the dropdown's transition:
 * pick an option with `findByRole('option', { name, hidden: true })`.
 */
export const tagsInput = async () => {
  await waitFor(() =>
    expect(
      screen
        .getAllByLabelText('Tags')
        .some((element) => element.getAttribute('placeholder') === 'Choose tags'),
    ).toBe(true),
  );
  return screen.getAllByLabelText('Tags').find((element) => element.tagName === 'INPUT') as HTMLInputElement;
};
