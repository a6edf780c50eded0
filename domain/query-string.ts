// Query strings without the DOM's URLSearchParams, which the domain cannot use (it runs in the console, the worker and
// the server): the same encoding browsers use for forms, so either side reads what the other wrote.

/** `a=1&b=x%20y` from ordered pairs; absent values are left out. */
export function encodeQuery(pairs: Iterable<readonly [string, string | undefined]>): string {
  const parts: string[] = [];
  for (const [key, value] of pairs) {
    if (value === undefined) continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  }
  return parts.join('&');
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // A malformed escape is kept as typed rather than failing the whole query.
    return text;
  }
}

/** The pairs of a query string, with or without its leading '?', in order. */
export function decodeQuery(search: string): [string, string][] {
  const body = search.startsWith('?') ? search.slice(1) : search;
  if (body === '') return [];
  return body.split('&').filter((part) => part !== '').map((part) => {
    const at = part.indexOf('=');
    return at < 0 ? [decode(part), ''] : [decode(part.slice(0, at)), decode(part.slice(at + 1))];
  });
}
