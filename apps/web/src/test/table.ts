import { screen, within } from '@testing-library/react';

/** The table row that contains `text`, for queries inside it. */
export const rowWith = (text: string) => {
  const found = screen.getAllByRole('row').find((row) => row.textContent?.includes(text));
  if (!found) throw new Error(`no row with ${text}`);
  return within(found);
};
