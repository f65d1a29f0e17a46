/** Every Aar Par Parchi query starts with this key; a play refreshes `board`, `entries` and `players` of its match. */
export const parchiKeys = {
  all: ['parchi'] as const,
  /** The matches in play, as `GET /api/live-matches` says (visitors; the signed in follow the socket's list). */
  live: () => ['parchi', 'live'] as const,
  /** The cricket matches not started yet (plays open), from `GET /api/matches/4`. */
  upcoming: () => ['parchi', 'upcoming'] as const,
  /** A match's start time (its first ball), from `GET /api/match/{matchId}`. */
  start: (matchId: number) => ['parchi', 'start', matchId] as const,
  /** The signed-in player's own plays (My Bets). */
  mine: (userId: string) => ['parchi', 'mine', userId] as const,
  board: (match: string) => ['parchi', 'board', match] as const,
  players: (match: string) => ['parchi', 'players', match] as const,
  /** The plays on a match; `status` (the board's) is part of the key so the list is asked again as the match ends. */
  entries: (match: string, status?: string) =>
    status === undefined ? (['parchi', 'entries', match] as const) : (['parchi', 'entries', match, status] as const),
};
