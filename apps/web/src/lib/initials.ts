/**
 * A name's first character as a reader sees it (a grapheme): an emoji, a flag, a letter with its
 * accents. `charAt(0)` took the first UTF-16 unit, half of an emoji's surrogate pair, which an avatar
 * showed as '�'. Intl.Segmenter where the browser has it (all current ones); else the first code
 * point, whole at least (a family emoji then shows its first person).
 */
const segmenter =
  typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function'
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

export const firstGrapheme = (text: string): string => {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  if (segmenter) {
    for (const { segment } of segmenter.segment(trimmed)) return segment;
  }
  return Array.from(trimmed)[0] ?? '';
};

/** An avatar's initials: the first and last names' first graphemes, upper-cased; '?' for no name. */
export const initials = (first: string, last: string): string =>
  `${firstGrapheme(first)}${firstGrapheme(last)}`.toUpperCase() || '?';
