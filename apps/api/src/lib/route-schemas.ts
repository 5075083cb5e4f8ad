import { apiErrorSchema } from '@workhub/shared/schemas/common';
import { z } from 'zod';

/** The error responses a route declares, all with the one envelope. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, apiErrorSchema])) as {
    [K in S[number]]: typeof apiErrorSchema;
  };
}

/**
 * The `If-Match` of an edit (lib/edit-version.ts). A loose object: the other headers stay as they
 * came, for what reads them after validation.
 */
export const ifMatchHeader = z.looseObject({ 'if-match': z.string().optional() });

/** What an edit route's documentation says of `If-Match`. */
export const EDIT_VERSION_NOTE =
  'Send `If-Match` with the record\'s `updated_at` as you read it (`"2026-12-01T09:00:00.123Z"`): ' +
  'if someone has saved the record since, the edit is refused with 412 EDIT_CONFLICT and nothing ' +
  'changes. Without the header (or with `*`) the edit applies to what is stored.';
