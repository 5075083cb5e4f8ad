/**
 * The `styles` of a checkbox or radio labelled with a salon's name (a service, a staff member): a
 * name typed as one long word (120 letters, no space) breaks anywhere rather than run out of a
 * phone's dialog or page, past its right edge.
 */
export const wrapLongName = { label: { overflowWrap: 'anywhere' as const } };
