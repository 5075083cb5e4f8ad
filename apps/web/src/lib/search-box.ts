import { searchableText } from '@workhub/shared/text';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/** The search page's address for `text`, trimmed; null when there is nothing to search for. */
export const searchPath = (text: string): string | null => {
  const q = searchableText(text);
  return q === '' ? null : `/search?${new URLSearchParams({ q })}`;
};

/**
 * A box that opens the search page (the top bar's, the search page's own): its text, which follows
 * `shown` (the search on screen) whenever that changes, and its form's submit, which opens the page
 * for the text unless it is blank.
 */
export const useSearchBox = (shown: string) => {
  const navigate = useNavigate();
  const [value, setValue] = useState(shown);
  useEffect(() => setValue(shown), [shown]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const to = searchPath(value);
    if (to) navigate(to);
  };
  return { value, setValue, submit };
};
