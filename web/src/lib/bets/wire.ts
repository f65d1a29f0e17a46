/**
 * Exchange betting on the wire (the exchange screen and the match page's slip): mirrors `actors/src/exchange/wire.rs` (docs/API.md "Exchange betting"). JSON is
 * camelCase; money is rupees (numbers, at most 2 decimals); Bookmaker and fancy rates are ×100 integers (60 wins
 * ₹0.60 a rupee), exchange odds decimal. What the client could say about profit, exposure or balance is not sent:
 * the server computes them.
 *
 * REST: `POST /api/laggai_khai_bets` (RunnerBetRequest → Placed), `POST /api/cricket-market/bets` (FancyBets →
 * Placed), `GET /api/laggai_khai_getuserbet/{userId}[/{match}]` and `GET /api/cricket-market/{userId}/{match}`
 * (Bets), `GET /api/exchange/book/{match}` (MatchBook). REST only: the shapes are the OpenAPI document's.
 */
import type { Schema } from '@/lib/api-types';

/** Which market a bet is on. */
export type MarketType = Schema<'ExchangeMarketType'>;

/** Back (for the runner, YES on a line) or lay (against it, NO on a line). */
export type Side = Schema<'ExchangeSide'>;

/** The spec's names of the sides: `Lgaai` / `khaai` on a team, `yes` / `no` on a line (a listed bet's `type`). */
export type BetKind = Schema<'ExchangeBetType'>;
export type RunnerKind = Extract<BetKind, 'Lgaai' | 'khaai'>;
export type FancyKind = Extract<BetKind, 'yes' | 'no'>;

export type BetStatus = Schema<'ExchangeBetStatus'>;

/**
 * `POST /api/laggai_khai_bets`: `odds` is the price the player saw — the Bookmaker rate ×100 (the Lgaai / khaai
 * column), or with `marketType: "exchange"` the Match Odds decimal price. `teamIndex` is the team's row (`label`
 * its name). This client sends only its own side names.
 */
export type RunnerBetRequest = Schema<'ExchangeRunnerBetBody'> & { type: RunnerKind };

/** One record of `POST /api/cricket-market/bets`: `runs` the line and `odds` the rate ×100 the player saw. */
export type FancyBetRequest = Schema<'ExchangeFancyBetRecord'> & { type: FancyKind };

/** `POST /api/cricket-market/bets` sends a one-item list (the spec's shape). */
export type FancyBets = Schema<'ExchangeFancyBetsBody'>;

/**
 * A bet as the lists show it: `odds` as placed (a rate ×100 for Bookmaker and fancy, decimal odds for exchange),
 * `runs` the line (fancy), `profit` / `loss` what it wins or loses, `pl` once settled what it paid (+) or cost (−),
 * `winningRuns` a fancy line's runs at its over once settled. `type` is a `BetKind`.
 */
export type BetView = Schema<'ExchangeBet'>;

/** A team's P/L if it wins. */
export type OutcomePl = Schema<'ExchangeOutcomePl'>;

/** A fancy line's P/L from `from` runs up to the next stretch's start. */
export type RunsPl = Schema<'ExchangeRunsPl'>;

/** A player's position in one market: each outcome's P/L (runner markets) or each stretch's (fancy), and the exposure. */
export type MarketBook = Schema<'ExchangeMarketBook'>;

/** `GET /api/exchange/book/{match}`. */
export type MatchBook = Schema<'ExchangeMatchBook'>;

/** 201 of a bet: the bet, the player's wallet after its hold, and the market's position now. */
export type Placed = Schema<'ExchangeBetPlaced'>;

/** The bet lists, newest first. */
export type Bets = Schema<'ExchangeBetList'>;
