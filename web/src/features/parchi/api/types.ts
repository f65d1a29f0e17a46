/** Aar Par Parchi's REST shapes, from the OpenAPI document (the socket's `parchi:join` / `parchi:board` stay in `../wire`). */
import type { Schema } from '@/lib/api-types';

/** `GET /api/cards/{match}` (a `parchi:board` push's `Board` is one too). */
export type ParchiBoard = Schema<'ParchiBoard'>;
export type ParchiCard = Schema<'ParchiCardView'>;

/** A cricket player of the match; `taken`: already on a card. */
export type Player = Schema<'ParchiPlayer'>;
/** `GET /api/match/get-players-by-matchname/{match}`. */
export type Players = Schema<'ParchiMatchPlayers'>;

export type EntryStatus = Schema<'ParchiEntryStatus'>;
/** One play on a card. `payout`: what the play paid at the end (stake + profit when won, the stake when returned). */
export type Entry = Schema<'ParchiEntry'>;
/** `GET /api/match/get-by-matchname/{match}`: every play on the match. */
export type Entries = Schema<'ParchiEntryList'>;

/** One of the player's own plays, `GET /api/parchi/bets/{userId}` (My Bets), newest first. */
export type MyPlay = Schema<'ParchiPlayRow'>;
export type MyPlays = Schema<'ParchiBetHistory'>;

/**
 * `PUT /api/match/select/{match}`: an empty card's play names its two players; a play on a filled card sends the
 * card's own two (or none). The server fixes the profit and the balance: nothing else is sent.
 */
export type PlayRequest = Schema<'ParchiPlayBody'>;
/** 201: the play is taken and its stake held. */
export type Played = Schema<'ParchiPlayed'>;
