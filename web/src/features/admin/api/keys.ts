/** Query keys of the console: everything under ['admin'] so logout's clear() and invalidations are simple. */
export const adminKeys = {
  all: ['admin'] as const,
  actors: () => ['admin', 'actors'] as const,
  actor: (id: string) => ['admin', 'actor', id] as const,
  deposits: (status: string) => ['admin', 'deposits', status] as const,
  withdrawals: (status: string) => ['admin', 'withdrawals', status] as const,
  users: (q: string) => ['admin', 'users', q] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  ledger: (id: string) => ['admin', 'user', id, 'ledger'] as const,
  bets: (id: string) => ['admin', 'user', id, 'bets'] as const,
  payment: () => ['admin', 'payment'] as const,
  books: () => ['admin', 'books'] as const,
  news: () => ['admin', 'news'] as const,
  games: () => ['admin', 'games'] as const,
  matka: () => ['admin', 'matka'] as const,
  matkaDraw: (market: number, draw: number) => ['admin', 'matka', market, draw] as const,
  risk: () => ['admin', 'risk'] as const,
  audit: () => ['admin', 'audit'] as const,
  cluster: () => ['admin', 'cluster'] as const,
  feedMarkets: () => ['admin', 'feedMarkets'] as const,
  kyc: (status: string) => ['admin', 'kyc', status] as const,
};

/** Path segment for an id that may hold any character. */
export const seg = (id: string | number) => encodeURIComponent(String(id));
