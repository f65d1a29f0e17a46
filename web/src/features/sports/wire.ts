/**
 * The sports feed's wire shapes: one mirror of `actors/src/sports/{wire,feed,live}.rs` (docs/API.md "Sports").
 * REST: `GET /api/matches/{sportId}` (ListItem rows), `GET /api/match/{id}` (MatchDetail), `GET /api/sports/counts`
 * (SportCount rows). Socket: `getMatches` (ack and `updateMatches`: LiveItem[]), `leaveMatches`, `subscribe {eventId}`
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

export interface Score {
  batting: string;
  runs: number;
  wickets: number;
  overs: string;
  target: number | null;
  firstInnings: string | null;
  lastSix: string[];
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

/** `GET /api/match/{id}` and the `subscribe` ack. */
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

/**
 * A row of `GET /api/matches/{sportId}` (the spec's several names for the same fields). The server's
 * `rename_all = "camelCase"` sends `eventId`, `eventName`, `eventDate` and `hasStream` (docs/API.md says
 * `event_id`, `event_name`, `event_date`, `has_stream`): both spellings are read, see `listDate`.
 */
export interface ListItem {
  id: number;
  matchId: number;
  eventId?: number;
  event_id?: number;
  name: string;
  eventName?: string;
  event_name?: string;
  competition: string;
  eventDate?: number;
  event_date?: number;
  inplay: boolean;
  isLive: boolean;
  hasStream?: boolean;
  has_stream?: boolean;
  status: MatchStatus;
  marketId: string;
  runners: { ex: { b: { price: number }[]; l: { price: number }[] } }[];
  runnerNames: [string, string];
  teams: [string, string];
  score: string;
  scoreIframe: string;
}

/** When a listed match starts, under either spelling the row may use. */
export const listDate = (m: Pick<ListItem, 'eventDate' | 'event_date'>): number | undefined => m.eventDate ?? m.event_date;

/** `updateMatches` / the `getMatches` ack: the matches in play. */
export interface LiveItem {
  marketId: string;
  scoreIframe: string;
  matchName: string;
  matchDate: number;
  eventId: number;
}

/** A row of `GET /api/sports/counts`: one per sport the feed has; a sport not listed has no matches. */
export interface SportCount {
  sportId: number;
  inPlay: number;
  upcoming: number;
}
