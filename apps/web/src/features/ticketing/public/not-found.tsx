import { Alert, Text } from '@mantine/core';
import { ApiError } from '../../../lib/api-error.ts';

/**
 * Whether a public page's read failed because what it names is not there: a 404 (no such queue or
 * ticket), or a 400 on the address itself (a ticket id that is no uuid, a slug too long). Asking
 * again finds nothing more, so these pages offer no "Try again" for it; a network or server error
 * keeps it.
 */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** "This ticket could not be found", and what to check: no server message, no retry. */
export const NotFoundState = ({ title }: { title: string }) => (
  <Alert color="red" role="alert" title={title}>
    <Text size="sm">Check the address: it may be mistyped, or from another queue.</Text>
  </Alert>
);
