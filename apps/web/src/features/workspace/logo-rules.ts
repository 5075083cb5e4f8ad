import { LOGO_MAX_BYTES } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';

/** What the server takes as a logo (PUT /api/workspaces/:id/logo); checked here first to save a trip. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** The message to show under the Logo field, or null when the file will do. */
export const logoProblem = (file: File | null): string | null => {
  if (!file) return null;
  const typeOk = (LOGO_TYPES as readonly string[]).includes(file.type);
  return typeOk && file.size <= LOGO_MAX_BYTES ? null : messages.logoInvalid;
};
