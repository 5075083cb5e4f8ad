/**
 * A name's first character as a reader sees it (a grapheme): an emoji, a flag, a letter with its
 * accents. `charAt(0)` took the first UTF-16 unit, half of an emoji's surrogate pair, which an avatar
 * showed as '�'. Intl.Segmenter where the browser has it (all current ones); else the first code
 * point, whole at least (a family emoji then shows its first person).
 *
 * The segmenter is made on the first name that needs it: making one loads the browser's break
 * rules (~4 ms, more on a slow phone), and the shell's avatar is drawn on every signed-in page's
 * first load, most often for a name that starts with two ASCII characters. Those are two
 * graphemes: no ASCII character joins the one before it or after it (only CR LF, and a trimmed
 * name starts with neither), so the first is the first grapheme.
 */
let segmenter: Intl.Segmenter | null | undefined;
const graphemes = (): Intl.Segmenter | null => {
  segmenter ??=
    typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function'
      ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
      : null;
  return segmenter;
};

const isAscii = (code: number): boolean => code < 0x80;

export const firstGrapheme = (text: string): string => {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  if (isAscii(trimmed.charCodeAt(0)) && (trimmed.length === 1 || isAscii(trimmed.charCodeAt(1)))) {
    return trimmed.charAt(0);
  }
  const segments = graphemes();
  if (segments) {
    for (const { segment } of segments.segment(trimmed)) return segment;
  }
  return Array.from(trimmed)[0] ?? '';
};

/** An avatar's initials: the first and last names' first graphemes, upper-cased; '?' for no name. */
export const initials = (first: string, last: string): string =>
  `${firstGrapheme(first)}${firstGrapheme(last)}`.toUpperCase() || '?';
