import { Button } from '@mantine/core';
import type { CodePurpose } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { resendCode } from '../api/resend-code.ts';
import { availableAfter, resendAvailableAt, resendLabel } from '../countdown.ts';
import { useCountdown } from './use-countdown.ts';

type ResendCodeButtonProps = {
  email: string;
  purpose: CodePurpose;
  /** When the server allows the next code (ms since the epoch). */
  initialAvailableAt: number;
  /** verify_email: the sign-up attempt whose code is sent again. */
  attemptId?: string;
};

/** 'Resend code in 42s', then 'Resend code': asks the server for a new code and restarts the count. */
export const ResendCodeButton = ({
  email,
  purpose,
  initialAvailableAt,
  attemptId,
}: ResendCodeButtonProps) => {
  const [availableAt, setAvailableAt] = useState(initialAvailableAt);
  const [sending, setSending] = useState(false);
  const left = useCountdown(availableAt);

  const onClick = async () => {
    setSending(true);
    try {
      const answer = await resendCode({ email, purpose, ...(attemptId ? { attempt_id: attemptId } : {}) });
      setAvailableAt(resendAvailableAt(answer.data.resend_available_at, Date.now()));
      notify.success(answer.message || messages.codeSent);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) setAvailableAt(availableAfter(error.retryAfter));
      notify.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Button variant="light" onClick={onClick} disabled={left > 0} loading={sending}>
      {resendLabel(left)}
    </Button>
  );
};
