/**
 * The sports feed's wire shapes: one mirror of `actors/src/sports/{wire,feed,live}.rs` (docs/API.md "Sports").
 * REST (shapes in `api/types`, from the OpenAPI document): `GET /api/matches/{sportId}`, `GET /api/match/{id}`,
 * `GET /api/sports/counts`. Socket: `getMatches` (ack and `updateMatches`: LiveItem[]), `leaveMatches`, `subscribe {eventId}`
 * (ack: MatchDetail), `match:delta` (Delta), `leave {eventId}`.
 */

export type MarketStatus = 'OPEN' | 'SUSPENDED' | 'CLOSED';
export type MatchStatus = 'upcoming' | 'in_play' | 'finished';

/** A price level: `price` decimal odds, `size` rupees available at it. */
export interface Level {
  price: number;
  size: number;
}

export interface Runner {
  selectionId: number;
  runnerName: string;
  status: string;
  ex: { availableToBack: Level[]; availableToLay: Level[] };
}

/** The Match Odds market. */
export interface Market {
  marketId: string;
  marketName: string;
  status: MarketStatus;
  minStake: number;
  maxStake: number;
  betDelay: number;
  runners: Runner[];
}

export interface Selection {
  id: number;
  name: string;
  status: MarketStatus;
  /** Rates ×100. */
  backOdds: number;
  layOdds: number;
}

export interface Bookmaker {
  marketId: string;
  marketName: string;
  status: MarketStatus;
  selections: Selection[];
}

export interface YesNo {
  yes: number;
  no: number;
}

export interface Fancy {
  marketId: string;
  marketName: string;
  status: MarketStatus;
  /** Rates ×100. */
  odds: YesNo;
  runValue: YesNo;
}

/** One ball of the innings (the 'Ball By Ball Result' popup): `mark` as `lastSix` shows it ("4", "W", "Wd"), `at` epoch ms. */
export interface Ball {
  /** The innings' overs after the ball: "12.3" (an extra keeps the count). */
  over: string;
  runs: number;
  wicket: boolean;
  mark: string;
  at: number;
}

export interface Score {
  batting: string;
  runs: number;
  wickets: number;
  overs: string;
  target: number | null;
  firstInnings: string | null;
  lastSix: string[];
  /** The innings' recent balls, oldest first (at most the last few overs'). */
  balls: Ball[];
  striker: string;
  strikerRuns: number;
  strikerBalls: number;
  nonStriker: string;
  nonStrikerRuns: number;
  nonStrikerBalls: number;
  bowler: string;
  comment: string;
}

export interface EventInfo {
  id: number;
  name: string;
  competition: string;
  eventDate: number;
  status: MatchStatus;
  teams: [string, string];
  winner: number | null;
  scoreIframe: string;
}

/** The `subscribe` ack (`GET /api/match/{id}` answers the same: `api/types`' `MatchDetailJson`). */
export interface MatchDetail {
  match: Market;
  event: EventInfo;
  markets: Market[];
  fancyMarkets: Fancy[];
  bookmakers: Bookmaker[];
  upcoming: boolean;
  score: Score;
  /** The last delta in this detail; `match:delta`s continue from it. */
  seq: number;
}

/** One change (serde: adjacently tagged, variant names camelCase). */
export type Update =
  | { type: 'status'; data: MatchStatus }
  | { type: 'score'; data: Score }
  | { type: 'market'; data: Market }
  | { type: 'bookmaker'; data: Bookmaker }
  | { type: 'fancy'; data: Fancy[] }
  | { type: 'settled'; data: { winner: number | null } }
  /** A fancy market decided: the runs at its over, or void (`null`). */
  | { type: 'fancyResult'; data: { marketId: string; runs: number | null } }
  /** A player's runs in the match now (the three-card game's totals). */
  | { type: 'playerRuns'; data: { name: string; team: number; runs: number } }
  | { type: 'heartbeat' };

/** `match:delta`. */
export interface Delta {
  matchId: number;
  seq: number;
  at: number;
  updates: Update[];
}

/** `updateMatches` / the `getMatches` ack: the matches in play. */
export interface LiveItem {
  marketId: string;
  scoreIframe: string;
  matchName: string;
  matchDate: number;
  eventId: number;
}
