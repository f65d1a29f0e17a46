/**
 * Aar Par Parchi (the three-card player game) on the wire: mirrors `actors/src/parchi/wire.rs` (docs/API.md "Aar Par
 * Parchi"). JSON is camelCase where the spec does not name a field otherwise (`_id`, `CardData`, `userArray`,
 * `betpoints`, `playername`); money is rupees (numbers, at most 2 decimals). `{match}` in a path is the live list's
 * `matchName` (URL-encoded; the newest match of that name) or its numeric `eventId`.
 *
 * Public REST: `GET /api/live-matches` (LiveItem[]), `GET /api/cards/{match}` (Board),
 * `GET /api/match/get-players-by-matchname/{match}` (Players), `GET /api/match/get-by-matchname/{match}` (Entries).
 * Signed in: `PUT /api/match/select/{match}` (PlayRequest → Played, or Refused). Socket (signed in only):
 * `parchi:join {match}` (ack: Board), `parchi:board` (Board) pushed to the room, `parchi:leave {match}`.
 * `PUT /api/cards/update/{cardId}` and `PUT /api/cards/winner/{cardId}` are the server's alone: never called.
 */
export type { LiveItem } from '../sports/wire';

export type MatchStatus = 'upcoming' | 'in_play' | 'finished';

/** `open`: plays taken; `closed`: no more plays, the match goes on; `finished`: settled; `abandoned`: stakes returned. */
export type BoardStatus = 'open' | 'closed' | 'finished' | 'abandoned';

/** The spec's nested copy of a card (`cards[0]`); the flat fields of `Card` say the same. */
export interface CardCopy {
  _id: string;
  player1: string | null;
  player2: string | null;
  totalRuns: number;
  isWinner: boolean;
}

export interface Card {
  /** `{matchId}-{n}`: what a play names. */
  _id: string;
  /** 1..3. */
  card: number;
  player1: string | null;
  player2: string | null;
  /** Its two players' runs in the match so far. */
  totalRuns: number;
  peoplePlayed: number;
  /** Rupees staked on it. */
  totalStake: number;
  isWinner: boolean;
  /** Its two players are fixed (the first play picked them). */
  locked: boolean;
  /** Who played it, masked. */
  user: string[];
  /** One copy. */
  cards: CardCopy[];
}

/** `GET /api/cards/{match}`, the `parchi:join` ack and every `parchi:board` push. */
export interface Board {
  success: true;
  matchId: number;
  matchName: string;
  /** The server's scoreboard page, `/score/{id}`. */
  scoreIframe: string;
  matchStatus: MatchStatus;
  status: BoardStatus;
  playsOpen: boolean;
  /** When plays close, in words ("Plays close at the end of over 10 of the first innings"). */
  closesAt: string;
  cards: Card[];
  /** The winning card's number, once decided. */
  winnerCard: number | null;
}

/** A cricket player of the match. */
export interface Player {
  playername: string;
  /** Runs so far. */
  score: number;
  team: 0 | 1;
  teamName: string;
  /** Already on a card. */
  taken: boolean;
  matchId?: number;
  matchName?: string;
}

/** `GET /api/match/get-players-by-matchname/{match}`. */
export interface Players {
  success: boolean;
  matchId?: number;
  matchName?: string;
  players: Player[];
}

export type EntryStatus = 'held' | 'won' | 'lost' | 'returned';

/** One play on a card. */
export interface Entry {
  _id: number | string;
  /** `{matchId}-{n}`. */
  card: string;
  cardNo: number;
  CardData: { player1: string | null; player2: string | null; totalRuns: number; isWinner: boolean };
  /** The player, masked. */
  userArray: string[];
  betpoints: number;
  /** What a win adds to the stake (equal to it). */
  profit: number;
  /** What the play paid at the end: stake + profit when won, the stake when returned, 0 when lost or still held. */
  payout: number;
  status: EntryStatus;
  /** Epoch ms. */
  createdAt: number;
}

/** One of the player's own plays, `GET /api/parchi/bets/{userId}` (My Bets), newest first. */
export interface MyPlay {
  id: number;
  matchId: number;
  matchName: string;
  /** 1 to 3. */
  card: number;
  player1: string | null;
  player2: string | null;
  betpoints: number;
  status: EntryStatus;
  payout: number;
  /** Epoch ms. */
  createdAt: number;
}

/** `GET /api/match/get-by-matchname/{match}`: every play on the match. */
export interface Entries {
  success: boolean;
  matchId: number;
  entries: Entry[];
}

/**
 * `PUT /api/match/select/{match}`: an empty card's play names its two players; a play on a filled card sends the
 * card's own two (or none). The server fixes the profit and the balance: nothing else is sent.
 */
export interface PlayRequest {
  cardId: string;
  player1?: string;
  player2?: string;
  betpoints: number;
}

/** 201: the play is taken and its stake held. */
export interface Played {
  success: true;
  message: string;
  entry: Entry;
  board: Board;
  balance: number;
  exposureBalance: number;
}

/** A 4xx answer: a stable code and the spec's message; nothing moved. */
export interface Refused {
  success: false;
  error: string;
  message: string;
}

/** The socket events of a match's room. */
export const PARCHI_EVENTS = {
  join: 'parchi:join',
  leave: 'parchi:leave',
  board: 'parchi:board',
} as const;
