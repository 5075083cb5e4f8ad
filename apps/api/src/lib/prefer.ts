/**
 * Whether a request's `Prefer` header (RFC 7240) asks for `return=minimal`: an answer that leaves
 * out what the client already has or will read elsewhere. Preferences are comma-separated, each
 * `name[=value]` with optional `;parameters`; names are case-insensitive, a value may be quoted.
 * Node joins repeated headers with ", ", which reads the same. Anything else (no header, another
 * preference, a malformed one) is no preference: the full answer.
 */
export function prefersMinimalReturn(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  return text.split(',').some((preference) => {
    const [nameValue = ''] = preference.split(';');
    const equals = nameValue.indexOf('=');
    if (equals < 0) return false;
    const name = nameValue.slice(0, equals).trim().toLowerCase();
    const value = nameValue
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    return name === 'return' && value === 'minimal';
  });
}
