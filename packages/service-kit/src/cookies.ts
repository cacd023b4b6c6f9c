/**
 * Reads one cookie from a request's Cookie header. The services set one session cookie each and
 * read it back; a parser plugin would bring signing and serialising neither uses.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
