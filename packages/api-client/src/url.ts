export type QueryParams = Record<string, string | number | boolean | undefined>;

/** Joins the API base and a call path whatever slashes either carries. */
export function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Appends query parameters, skipping undefined ones; booleans and numbers are written as text. */
export function withQuery(url: string, params: QueryParams | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined) search.append(name, String(value));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** JSON with sorted object keys, so `{ a, b }` and `{ b, a }` name the same request. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      return Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return inner;
  });
}

/**
 * spec §8 crash codes: '5xx' and '4xx' match a class of statuses, a full code ('404') one status.
 */
export function matchesCrashCode(status: number | null, codes: readonly string[] | undefined): boolean {
  if (status === null || !codes) return false;
  const text = String(status);
  return codes.some((code) => {
    const pattern = code.trim().toLowerCase();
    if (pattern.length !== text.length) return false;
    return [...pattern].every((char, index) => char === 'x' || char === text[index]);
  });
}
