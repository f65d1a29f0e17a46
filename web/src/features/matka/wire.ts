/**
 * Matka on the wire: mirrors `actors/src/matka/wire.rs` (docs/API.md "Matka"). JSON is camelCase; money is rupees
 * (numbers, at most 2 decimals); `rate` is a multiplier, stake included (9.5 is "10 Ka 95"); times are epoch ms.
 * The operators' calls are the console's (features/admin).
 */

/** The server's names of the bid types (`rules::BidType`, snake_case). */
export type BidType =
  'single_digit' | 'jodi' | 'single_panna' | 'double_panna' | 'triple_panna' | 'half_sangam' | 'full_sangam';

/** `Open`: open and close bids; `Close`: close bids only (no jodi, no sangam); `Closed`: no bids. */
export type CloseStatus = 'Open' | 'Close' | 'Closed';

export type Mode = 'declared' | 'drawn';

/** A bid's session as the server answers it (`rules::Session`). */
export type Session = 'open' | 'close';

/** A market as the list shows it, with its current draw. */
export interface MarketView {
  id: number;
  marketName: string;
  /** The open panna, or `***` until it is out. */
  openNumber: string;
  /** The open and close digits as far as they are out: `8*`, `80`, `**`. */
  jodiDigit: string;
  closeNumber: string;
  closeStatus: CloseStatus;
  /** "HH:MM" IST; a quick market's current draw's "HH:MM:SS". */
  openTime: string;
  closeTime: string;
  mode: Mode;
  /** A quick market's cycle; null for a daily market. */
  cycleSeconds: number | null;
  drawNo: number | null;
  opensAt: number | null;
  closesAt: number | null;
  /** SHA-256 of a drawn market's seed for this draw. */
  commitment: string | null;
  /** The latest complete result, `134-80-479`. */
  lastResult: string | null;
  active: boolean;
}

/** A bid type's rate, with the spec's caption. */
export interface RateView {
  bidType: BidType;
  /** × the stake, stake included. */
  rate: number;
  /** "10 Ka 95". */
  caption: string;
  /** The return to player of its likeliest number. */
  rtp: number;
}

/** `matka:join`'s ack (`GET /api/admin/getMatkas` answers the same: `api/types`). `minPoints` / `maxPoints`: rupees a number may carry. */
export interface MarketList {
  success: boolean;
  markets: MarketView[];
  rates: RateView[];
  minPoints: number;
  maxPoints: number;
  serverTime: number;
}

/** `matka:status`: pushed to the `matka` room when a market opens, closes or has a result. */
export interface Status {
  markets: MarketView[];
  serverTime: number;
}

/** The REST calls' shapes (`POST /api/bids`, the chart, the player's bids) are the OpenAPI document's: see `api/types`. */

/** The error codes of docs/API.md "Matka" (the server sends `{error, message}`). */
export type MatkaError =
  | 'unknown_market'
  | 'market_closed'
  | 'session_closed'
  | 'needs_open_session'
  | 'unknown_bid_type'
  | 'unknown_session'
  | 'invalid_number'
  | 'duplicate_number'
  | 'no_bids'
  | 'invalid_points'
  | 'points_too_low'
  | 'points_too_high'
  | 'total_mismatch'
  | 'profit_mismatch'
  | 'insufficient_balance'
  | 'unavailable';
