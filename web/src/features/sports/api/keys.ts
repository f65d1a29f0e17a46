/** Every sports query starts with this key. */
export const sportsKeys = {
  all: ['sports'] as const,
  lists: () => ['sports', 'matches'] as const,
  matches: (sportId: string) => ['sports', 'matches', sportId] as const,
  match: (matchId: string) => ['sports', 'match', matchId] as const,
  /** The matches in play, as the socket's live list last said (never fetched over REST). */
  live: () => ['sports', 'live'] as const,
  counts: () => ['sports', 'counts'] as const,
  /** A match's scoreboard, polled by a visitor (`GET /api/score/{id}`). */
  score: (matchId: string) => ['sports', 'score', matchId] as const,
};
