/**
 * The rules of text and ids that need no schema library: the web's shell and lists use them on
 * every signed-in page, and importing them from schemas/common.ts brought zod along (27 KB gzip
 * parsed and run before a list could render). schemas/common.ts builds its schemas on them and
 * exports them too.
 */

/**
 * Characters no text field takes, whatever it is for:
 * - C0 and C1 control characters (U+0000-U+001F but tab, line feed and carriage return; U+007F-U+009F):
 *   PostgreSQL refuses NUL in text (the query fails, a 500); bell, escape, U+0085 (NEL) and the like
 *   only ever come from hostile input, and a screen shows them as boxes.
 * - The bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): invisible, they
 *   reorder what follows them, so 'invoice\u202Egnp.exe' reads 'invoiceexe.png' in a list, a mail or a
 *   CSV, and one left open reverses the rest of the line it is printed in. Right-to-left text needs
 *   none of them: the browser orders Arabic and Hebrew by itself.
 * The marks U+200E, U+200F (LRM, RLM) and U+061C (ALM) stay: they are what a right-to-left writer
 * (and their keyboard) types to place a digit or a stop in mixed text, and a mark only moves the
 * neutral characters beside it; it cannot reverse a run of letters into a fake file name.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/**
 * Half of a surrogate pair on its own (JSON can carry "\uD800"): no UTF-8 text holds one, so the
 * database would store U+FFFD instead, other text than was sent. With the `u` flag a class of
 * surrogates matches only unpaired ones (a pair is one code point, above U+FFFF); a regular
 * expression rather than `String.prototype.isWellFormed` (ES2024), which the web build's
 * targets (Vite's 'baseline-widely-available': Safari 16, Firefox 104) lack.
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Line breaks: LF, CR, and Unicode's line and paragraph separators (U+2028, U+2029). */
const LINE_BREAKS = /[\n\r\u2028\u2029]/;

/** The same three sets, global, for `replace`: built once, not on a search box's every keystroke. */
const ALL_CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTERS.source, 'g');
const ALL_LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'gu');
const ALL_LINE_BREAKS = new RegExp(LINE_BREAKS.source, 'g');

/**
 * A character that shows: not a space of any kind, nor a format character (zero-width space and
 * joiners, the word joiner, the byte order mark: `\p{Cf}`), nor one of the blank letters a font
 * draws as nothing (the Hangul fillers, the blank braille pattern).
 */
const VISIBLE = /[^\s\p{Z}\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** True when `value` has at least one character that shows (a name of zero-width spaces has none). */
export const hasVisibleCharacter = (value: string): boolean => VISIBLE.test(value);

/** True when `value` holds no control character (tab and line breaks allowed) and no bidi control. */
export const hasNoControlCharacters = (value: string): boolean => !CONTROL_CHARACTERS.test(value);

/** `value` without the control and bidi characters and lone surrogates a text field refuses. */
export const withoutRefusedCharacters = (value: string): string =>
  value.replace(ALL_CONTROL_CHARACTERS, '').replace(ALL_LONE_SURROGATES, '');

/**
 * What a search box sends: `value` without what a text field refuses, line breaks as spaces,
 * trimmed. A search pasted with a NUL in it finds what it would without the NUL, where the API's
 * 400 turned the list into an error with a useless Try again.
 */
export const searchableText = (value: string): string =>
  withoutRefusedCharacters(value).replace(ALL_LINE_BREAKS, ' ').trim();

/** True when every UTF-16 surrogate of `value` is half of a pair. */
export const isWellFormedText = (value: string): boolean => !LONE_SURROGATE.test(value);

/** True when `value` holds no line break. */
export const isSingleLine = (value: string): boolean => !LINE_BREAKS.test(value);

/** The largest value of a PostgreSQL `integer` (int4). */
export const INT32_MAX = 2_147_483_647;

/**
 * What `idField()` (zod's `z.uuid()`) takes: an RFC 9562 UUID of any version 1-8 with its variant
 * bits, or the nil and max UUIDs; any case. The same pattern as zod's, so a page that checks an
 * address's id first refuses exactly what the API would answer 400 to.
 */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** True when `value` is an id `idField()` takes. */
export const isUuid = (value: string): boolean => UUID.test(value);
