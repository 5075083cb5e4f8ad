import { z } from 'zod';
import { messages } from '../messages.ts';
import { idField, paginationQuery, requiredString } from './common.ts';

export const TAG_NAME_MAX = 40;
/** How many tags one project or task may carry. */
export const TAGS_PER_RECORD_MAX = 20;

/** The colour of a tag: '#rrggbb', kept in lower case (what the database accepts). */
export const tagColor = z
  .string({ error: messages.tagColorInvalid })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: messages.tagColorInvalid })
  .toLowerCase();

/** POST /api/tags and PATCH /api/tags/:id (the edit sends both fields too). */
export const tagBody = z.object({
  name: requiredString(messages.tagNameRequired, TAG_NAME_MAX),
  color: tagColor,
});
export type TagBody = z.input<typeof tagBody>;

/** A tag as a project or a task carries it. */
export const tagRef = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type TagRef = z.infer<typeof tagRef>;

/** A tag of the Settings > Tags list, with how many projects and tasks carry it. */
export const tag = tagRef.extend({
  project_count: z.number().int(),
  task_count: z.number().int(),
  /** The tag's version: an edit sends it as If-Match. */
  updated_at: z.string(),
});
export type Tag = z.infer<typeof tag>;

/** GET /api/tags: by name, paginated like every list (limit up to 100). */
export const tagListQuery = paginationQuery;

/**
 * `tag_ids` of a project or task body: the set of tags it carries (replaces the previous set);
 * duplicates are dropped. Left out: the tags stay as they are.
 */
export const tagIdsField = z
  .array(idField(messages.tagUnknown), { error: messages.tagUnknown })
  .max(TAGS_PER_RECORD_MAX, { error: `At most ${TAGS_PER_RECORD_MAX} tags` })
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
  .optional();

/** `tag` query parameter of the project and task lists: only records carrying that tag. */
export const tagFilter = idField('Not a valid tag id').optional();
