/**
 * Where the login screen sends someone after they log in: back to the page that sent them there (a public page's
 * Login button or Play passes `{ from: location }` as navigation state), with that page's own navigation state. Only
 * a path of this app counts (not `//host`, not the login screen itself); anything else goes the usual way.
 */

export interface ReturnTo {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function returnTo(navState: unknown): ReturnTo | null {
  if (!navState || typeof navState !== 'object') return null;
  const from = (navState as { from?: unknown }).from;
  if (!from || typeof from !== 'object') return null;
  const f = from as Partial<Record<keyof ReturnTo, unknown>>;
  const pathname = str(f.pathname);
  if (!/^\/(?![/\\])[^\s\\]*$/.test(pathname) || /^\/(login|signup)(\/|$)/.test(pathname)) return null;
  const search = str(f.search);
  const hash = str(f.hash);
  return {
    pathname,
    search: search.startsWith('?') ? search : '',
    hash: hash.startsWith('#') ? hash : '',
    state: f.state ?? null,
  };
}

/** The navigation state for `/login` that brings someone back to `here` (a location) after they log in. */
export function loginState(here: ReturnTo): { from: ReturnTo } {
  return { from: { pathname: here.pathname, search: here.search, hash: here.hash, state: here.state } };
}
