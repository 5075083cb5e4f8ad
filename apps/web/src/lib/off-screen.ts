import type { CSSProperties } from 'react';

/**
 * Off screen, still read by a screen reader (Mantine's VisuallyHidden, written out as a style: it
 * needs no component, so the app's root and an input's label can use it without pulling the public
 * pages' shared chunk into the entry, which would put the sign-in page over its 140 KB budget).
 */
export const OFF_SCREEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
