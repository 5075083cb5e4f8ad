import { messages } from '@workhub/shared/messages';
import { AppError } from './app-error.ts';

/**
 * The version of a record an edit was made against (decision 039): the `If-Match` header, holding
 * the record's `updated_at` as the API answered it, as an entity tag (`"2026-12-01T09:00:00.123Z"`)
 * or bare; a weak tag (`W/"…"`) reads the same, several may be listed. No header, or `*`, sets no
 * condition: the edit applies to what is stored, as for an API client that does not send one.
 */
export type EditVersion = { readonly tags: readonly string[] };

/** An ISO 8601 instant with its offset, as `updated_at` is answered (fractions up to microseconds). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:\d{2})$/;

/** The condition of a request's `If-Match`, or undefined for none (no header, or `*`). */
export function editVersionOf(header: string | string[] | undefined): EditVersion | undefined {
  if (header === undefined) return undefined;
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',').map((tag) =>
    tag
      .trim()
      .replace(/^W\//, '')
      .replace(/^"(.*)"$/, '$1'),
  );
  if (tags.includes('*')) return undefined;
  return { tags };
}

/** Whether `stored` (the record's `updated_at`, to the millisecond as answered) is one of the tags. */
export function versionMatches(stored: Date, expected: EditVersion): boolean {
  return expected.tags.some((tag) => INSTANT.test(tag) && Date.parse(tag) === stored.getTime());
}

export const editConflict = () => new AppError(412, 'EDIT_CONFLICT', messages.editConflict);

/** Refuses an edit made against another version than `stored` (412); no condition passes. */
export function assertVersion(stored: Date, expected: EditVersion | undefined): void {
  if (expected && !versionMatches(stored, expected)) throw editConflict();
}
