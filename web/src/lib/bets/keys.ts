/** Every exchange query starts with this key; a placed or settled bet refreshes `bets()` and `books()`. */
export const exchangeKeys = {
  all: ['exchange'] as const,
  books: () => ['exchange', 'book'] as const,
  book: (match: number) => ['exchange', 'book', match] as const,
  bets: () => ['exchange', 'bets'] as const,
  /** The runner-market bets, of one match or (no `match`) of every match. */
  runnerBets: (userId: string | null, match?: number) =>
    ['exchange', 'bets', 'runner', userId, match ?? 'all'] as const,
  fancyBets: (userId: string | null, match?: number) => ['exchange', 'bets', 'fancy', userId, match ?? 'all'] as const,
};

/** While a listed bet waits for its result, the list (and the book) is asked again this often (a fancy line settles mid-match). */
export const OPEN_BETS_POLL_MS = 10_000;
