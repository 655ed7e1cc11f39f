// Where a form or an auth call may send the browser next: the no-JS forms' `redirect` field and
// better-auth's callbackURL-like fields (auth.ts) share this one test.

/** A same-origin path to go on to, or `fallback`: never another site (open redirect). */
export function ownPath(value: unknown, fallback: string, home: URL): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return fallback;
  if (!URL.canParse(value, home)) return fallback;
  const url = new URL(value, home);
  // `/.//evil.example` resolves to the path `//evil.example`, which a browser reads as a host.
  if (url.origin !== home.origin || url.pathname.startsWith('//')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
