import { fireEvent, screen } from '@testing-library/react';
import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { DateField } from './date-field.tsx';

/** The browser's verdict on what was typed (jsdom has no date field of its own). */
const typed = (input: HTMLElement, badInput: boolean) =>
  Object.defineProperty(input, 'validity', { value: { badInput }, configurable: true });

describe('DateField', () => {
  it("says a typed day that does not exist is not a date, instead of the form's 'required'", () => {
    renderPage(<DateField label="Due Date" error={messages.dueDateRequired} />);
    const input = screen.getByLabelText('Due Date');
    expect(screen.getByText(messages.dueDateRequired)).toBeTruthy();
    typed(input, true);
    fireEvent.blur(input);
    expect(screen.getByText(messages.dateInvalid)).toBeTruthy();
    expect(screen.queryByText(messages.dueDateRequired)).toBeNull();
    // Corrected, the form's own message (if any) is back.
    typed(input, false);
    fireEvent.change(input, { target: { value: '2027-02-28' } });
    expect(screen.queryByText(messages.dateInvalid)).toBeNull();
  });
});
