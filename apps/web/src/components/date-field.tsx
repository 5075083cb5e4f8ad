import { TextInput, type TextInputProps } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { type FocusEvent, type FormEvent, useState } from 'react';

type DateFieldProps = Omit<TextInputProps, 'type'>;

/**
 * A date typed in the browser's own date field. A day that does not exist (31 February) leaves the
 * field's value empty, so the form's schema said "Due Date is required" of a date the user had
 * typed: the browser marks such a field `badInput`, and this says it is not a real date instead.
 */
export const DateField = ({ error, onChange, onBlur, ...props }: DateFieldProps) => {
  const [notADate, setNotADate] = useState(false);
  const check = (event: FormEvent<HTMLInputElement> | FocusEvent<HTMLInputElement>) =>
    setNotADate(event.currentTarget.validity.badInput);
  return (
    <TextInput
      type="date"
      {...props}
      error={notADate ? messages.dateInvalid : error}
      onChange={(event) => {
        check(event);
        onChange?.(event);
      }}
      onBlur={(event) => {
        check(event);
        onBlur?.(event);
      }}
    />
  );
};
