/**
 * Aar Par Parchi (the three-card player game) on the wire: mirrors `actors/src/parchi/wire.rs` (docs/API.md "Aar Par
 * Parchi"). JSON is camelCase where the spec does not name a field otherwise (`_id`, `CardData`, `userArray`,
 * `betpoints`, `playername`); money is rupees (numbers, at most 2 decimals). `{match}` in a path is the live list's
 * `matchName` (URL-encoded; the newest match of that name) or its numeric `eventId`.
 *
 * Public REST (shapes in `api/types`, from the OpenAPI document): `GET /api/live-matches`, `GET /api/cards/{match}`,
 * `GET /api/match/get-players-by-matchname/{match}`, `GET /api/match/get-by-matchname/{match}`. Signed in:
 * `PUT /api/match/select/{match}` (a refusal is the usual `{error, message}`). Socket (signed in only):
 * `parchi:join {match}` (ack: Board), `parchi:board` (Board) pushed to the room, `parchi:leave {match}`.
 * `PUT /api/cards/update/{cardId}` and `PUT /api/cards/winner/{cardId}` are the server's alone: never called.
 */
import type { Schema } from '@/lib/api-types';

export type { LiveItem } from '../sports/wire';

export type MatchStatus = 'upcoming' | 'in_play' | 'finished';

/**
 * `open`: plays taken (the match has not reached its first ball); `closed`: plays closed at the first ball with all
 * three cards locked, the match goes on; `finished`: settled; `abandoned`: stakes returned; `void`: plays closed at the
 * first ball with the cards not all locked, every stake returned then. The OpenAPI document's list (`ParchiGameStatus`),
 * so the socket's board and the REST one stay the same type; the screen reads the status as text, so a status the
 * document it was built with does not list yet (say `void`) is still shown.
 */
export type BoardStatus = Schema<'ParchiGameStatus'>;

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
  /** When plays close, in the server's words ("Plays close at the first ball of the match"); the screen says it in the player's language. */
  closesAt: string;
  cards: Card[];
  /** The winning card's number, once decided. */
  winnerCard: number | null;
}

/* The REST calls' own shapes (players, plays, a play's request and answer) are the OpenAPI document's: see `api/types`. */

/** The socket events of a match's room. */
export const PARCHI_EVENTS = {
  join: 'parchi:join',
  leave: 'parchi:leave',
  board: 'parchi:board',
} as const;
