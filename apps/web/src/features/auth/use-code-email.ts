import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { readPendingEmail } from './browser-keys.ts';
import { readCodeScreenState } from './code-state.ts';
import { resendAvailableAt } from './countdown.ts';

/**
 * What a code screen needs: the e-mail (from the URL, else sessionStorage `email`) and when the
 * next code may be requested (from the screen that sent it, else 60 s from now).
 */
export const useCodeEmail = () => {
  const { email: fromUrl } = useParams();
  const location = useLocation();
  const [email] = useState(() => fromUrl || readPendingEmail() || null);
  const [initialAvailableAt] = useState(() =>
    resendAvailableAt(readCodeScreenState(location.state).resendAvailableAt, Date.now()),
  );
  return { email, initialAvailableAt };
};
