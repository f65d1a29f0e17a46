/**
 * The sports feed's wire shapes: `actors/src/sports/{wire,feed,live}.rs` (docs/API.md "Sports"), typed by the
 * AsyncAPI document. REST (shapes in `api/types`, from the OpenAPI document): `GET /api/matches/{sportId}`,
 * `GET /api/match/{id}`, `GET /api/sports/counts`. Socket: `getMatches` (ack and `updateMatches`: LiveItem[]),
 * `leaveMatches`, `subscribe {eventId}` (ack: MatchDetail), `match:delta` (Delta), `leave {eventId}`.
 */
import type { SocketSchema } from '@/lib/socket-types';

export type MarketStatus = SocketSchema<'SportsMarketStatus'>;
export type MatchStatus = SocketSchema<'SportsMatchStatus'>;

/** A price level: `price` decimal odds, `size` rupees available at it. */
export type Level = SocketSchema<'SportsPriceLevel'>;

export type Runner = SocketSchema<'SportsRunner'>;

/** The Match Odds market. */
export type Market = SocketSchema<'SportsMarket'>;

/** A Bookmaker selection; `backOdds` and `layOdds` are rates ×100. */
export type Selection = SocketSchema<'SportsSelection'>;

export type Bookmaker = SocketSchema<'SportsBookmaker'>;

export type YesNo = SocketSchema<'SportsYesNo'>;

/** A fancy market; `odds` are rates ×100. */
export type Fancy = SocketSchema<'SportsFancy'>;

/** One ball of the innings (the 'Ball By Ball Result' popup): `mark` as `lastSix` shows it ("4", "W", "Wd"), `at` epoch ms. */
export type Ball = SocketSchema<'SportsBall'>;

export type Score = SocketSchema<'SportsScore'>;

export type EventInfo = SocketSchema<'SportsEventInfo'>;

/** The `subscribe` ack (`GET /api/match/{id}` answers the same: `api/types`' `MatchDetailJson`). `seq`: the last delta in it. */
export type MatchDetail = SocketSchema<'SportsMatchDetail'>;

/** One change (serde: adjacently tagged, variant names camelCase; `heartbeat` has no `data`). */
export type Update = SocketSchema<'SportsUpdate'>;

/** `match:delta`. */
export type Delta = SocketSchema<'SportsDelta'>;

/** `updateMatches` / the `getMatches` ack: the matches in play. */
export type LiveItem = SocketSchema<'SportsLiveMatch'>;
