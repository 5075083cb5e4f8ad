import { useEffect } from 'react';

/** Sets the tab title for a page, exactly as given (the sign-in screen's is 'Sign in', spec section 2). */
export const useDocumentTitle = (title: string): void => {
  useEffect(() => {
    document.title = title;
  }, [title]);
};
