/**
 * Aar Par Parchi (the three-card player game) on the wire: `actors/src/parchi/wire.rs` (docs/API.md "Aar Par
 * Parchi"), the socket's shapes typed by the AsyncAPI document. JSON is camelCase where the spec does not name a
 * field otherwise (`_id`, `CardData`, `userArray`, `betpoints`, `playername`); money is rupees (numbers, at most 2 decimals). `{match}` in a path is the live list's
 * `matchName` (URL-encoded; the newest match of that name) or its numeric `eventId`.
 *
 * Public REST (shapes in `api/types`, from the OpenAPI document): `GET /api/live-matches`, `GET /api/cards/{match}`,
 * `GET /api/match/get-players-by-matchname/{match}`, `GET /api/match/get-by-matchname/{match}`. Signed in:
 * `PUT /api/match/select/{match}` (a refusal is the usual `{error, message}`). Socket (signed in only):
 * `parchi:join {match}` (ack: Board), `parchi:board` (Board) pushed to the room, `parchi:leave {match}`.
 * `PUT /api/cards/update/{cardId}` and `PUT /api/cards/winner/{cardId}` are the server's alone: never called.
 */
import type { SocketSchema } from '@/lib/socket-types';

export type { LiveItem } from '../sports/wire';

export type MatchStatus = SocketSchema<'SportsMatchStatus'>;

/**
 * `open`: plays taken (the match has not reached its first ball); `closed`: plays closed at the first ball with all
 * three cards locked, the match goes on; `finished`: settled; `abandoned`: stakes returned; `void`: plays closed at the
 * first ball with the cards not all locked, every stake returned then. The documents' list (`ParchiGameStatus`), so
 * the socket's board and the REST one stay the same type; the screen reads the status as text, so a status the
 * document it was built with does not list yet is still shown.
 */
export type BoardStatus = SocketSchema<'ParchiGameStatus'>;

/** The spec's nested copy of a card (`cards[0]`); the flat fields of `Card` say the same. */
export type CardCopy = SocketSchema<'ParchiCardData'>;

/**
 * A card: `_id` (`{matchId}-{n}`) is what a play names, `card` its number 1..3, `totalRuns` its two players' runs in
 * the match so far, `totalStake` the rupees staked on it, `locked` once the first play fixed its two players, `user`
 * who played it (masked).
 */
export type Card = SocketSchema<'ParchiCardView'>;

/**
 * `GET /api/cards/{match}`, the `parchi:join` ack and every `parchi:board` push. `closesAt` says when plays close in
 * the server's words (the screen says it in the player's language); `winnerCard` is the winning card's number, once
 * decided.
 */
export type Board = SocketSchema<'ParchiBoard'>;

/* The REST calls' own shapes (players, plays, a play's request and answer) are the OpenAPI document's: see `api/types`. */

/** The socket events of a match's room. */
export const PARCHI_EVENTS = {
  join: 'parchi:join',
  leave: 'parchi:leave',
  board: 'parchi:board',
} as const;
