/**
 * Exchange betting on the wire: mirrors `actors/src/exchange/wire.rs` (docs/API.md "Exchange betting"). JSON is
 * camelCase; money is rupees (numbers, at most 2 decimals); Bookmaker and fancy rates are ×100 integers (60 wins
 * ₹0.60 a rupee), exchange odds decimal. What the client could say about profit, exposure or balance is not sent:
 * the server computes them.
 *
 * REST: `POST /api/laggai_khai_bets` (RunnerBetRequest → Placed), `POST /api/cricket-market/bets` (FancyBets →
 * Placed), `GET /api/laggai_khai_getuserbet/{userId}[/{match}]` and `GET /api/cricket-market/{userId}/{match}`
 * (Bets), `GET /api/exchange/book/{match}` (MatchBook).
 */

/** Which market a bet is on. */
export type MarketType = 'exchange' | 'bookmaker' | 'fancy';

/** Back (for the runner, YES on a line) or lay (against it, NO on a line). */
export type Side = 'lagai' | 'khai';

/** The spec's names of the sides: `Lgaai` / `khaai` on a team, `yes` / `no` on a line. */
export type RunnerKind = 'Lgaai' | 'khaai';
export type FancyKind = 'yes' | 'no';
export type BetKind = RunnerKind | FancyKind;

export type BetStatus = 'open' | 'won' | 'lost' | 'void';

/**
 * `POST /api/laggai_khai_bets`: `odds` is the price the player saw — the Bookmaker rate ×100 (the Lgaai / khaai
 * column), or with `marketType: "exchange"` the Match Odds decimal price. `teamIndex` is the team's row (`label`
 * its name).
 */
export interface RunnerBetRequest {
  match: number;
  teamIndex?: number;
  label?: string;
  type: RunnerKind;
  odds: number;
  stake: number;
  marketType?: MarketType;
}

/** One record of `POST /api/cricket-market/bets`: `runs` the line and `odds` the rate ×100 the player saw. */
export interface FancyBetRequest {
  match: number;
  marketId?: string;
  label?: string;
  type: FancyKind;
  runs: number;
  odds: number;
  stake: number;
}

/** `POST /api/cricket-market/bets` sends a one-item list (the spec's shape). */
export interface FancyBets {
  myBets: FancyBetRequest[];
}

/** A bet as the lists show it. */
export interface BetView {
  id: number;
  match: number;
  matchName: string;
  marketId: string;
  marketType: MarketType;
  /** The team or the session. */
  label: string;
  type: BetKind;
  side: Side;
  /** As placed: a rate ×100 (Bookmaker, fancy) or decimal odds (exchange). */
  odds: number;
  /** The line (fancy). */
  runs: number | null;
  stake: number;
  /** What it wins if it wins, and loses if it loses. */
  profit: number;
  loss: number;
  status: BetStatus;
  /** Once settled: what it paid (+) or cost (−). */
  pl: number | null;
  /** A fancy line's runs at its over, once settled. */
  winningRuns: number | null;
  createdAt: string;
}

/** A team's P/L if it wins. */
export interface OutcomePl {
  name: string;
  pl: number;
}

/** A fancy line's P/L from `from` runs up to the next stretch's start. */
export interface RunsPl {
  from: number;
  pl: number;
}

/** A player's position in one market: each outcome's P/L and the exposure held for it. */
export interface MarketBook {
  marketId: string;
  marketType: MarketType;
  name: string;
  exposure: number;
  /** Runner markets, in runner order. */
  runners: OutcomePl[];
  /** Fancy markets. */
  runs: RunsPl[];
}

/** `GET /api/exchange/book/{match}`. */
export interface MatchBook {
  match: number;
  exposure: number;
  markets: MarketBook[];
}

/** 201 of a bet: the bet, the player's wallet after its hold, and the market's position now. */
export interface Placed {
  success: boolean;
  message: string;
  bet: BetView;
  balance: number;
  exposure: number;
  book: MarketBook;
}

/** The bet lists, newest first. */
export interface Bets {
  success: boolean;
  bets: BetView[];
}
