/**
 * The round-table wire every round game shares (mirrors the server's `table/wire.rs`). Events are named
 * `{game}:{event}`; each game's own `wire.ts` says what its pick (`P`), its shown result (`S`) and its reveal
 * step (`T`) look like. Money is rupees as JSON numbers (≤ 2 decimals); times are epoch milliseconds.
 */

/** The game's name: its event prefix, its room, its `/api/fair/{game}` path. */
export type GameName = 'titli' | 'andar_bahar' | 'color';
export const GAME_NAMES: readonly GameName[] = ['titli', 'andar_bahar', 'color'];

export type GamePhase = 'betting' | 'closed' | 'revealing' | 'settled';

export interface PickLine<P> {
  pick: P;
  amount: number;
}

/** A past round, for the history strip. */
export interface Past<S> {
  roundId: number;
  result: S;
}

/** What a pick pays: `payout` is what a winning rupee returns, stake included (10, 1.9). */
export interface PickPayout<P> {
  pick: P;
  payout: number;
  rtp: number;
}

/** `{game}:gameState`, also the ack of `{game}:join`. */
export interface GameState<P, S> {
  roundId: number;
  gamePhase: GamePhase;
  bettingOpen: boolean;
  /** Seconds to the reveal while betting or closed; to the next step or round after. */
  timeRemaining: number;
  msRemaining: number;
  bettingClosesAt: number;
  revealAt: number;
  serverTime: number;
  /** SHA-256 (hex) of the round's server seed, revealed at settlement. */
  commitment: string;
  clientSeed: string;
  /** The outcome as far as it is revealed. */
  result: S | null;
  /** Newest first. */
  history: Past<S>[];
  payouts: PickPayout<P>[];
  minStake: number;
  maxStake: number;
  maxPicks: number;
}

/** `{game}:roundStart`. */
export interface RoundStart {
  roundId: number;
  commitment: string;
  clientSeed: string;
  bettingClosesAt: number;
  revealAt: number;
  timeRemaining: number;
  serverTime: number;
}

/** `{game}:timerUpdate`, once a second. */
export interface TimerUpdate {
  roundId: number;
  gamePhase: GamePhase;
  bettingOpen: boolean;
  timeRemaining: number;
  serverTime: number;
}

/** `{game}:revealStep` (Andar Bahar: one card a second). */
export interface RevealStep<T> {
  roundId: number;
  index: number;
  step: T;
}

/** `{game}:revealResult`: the outcome and the seed that decided it. */
export interface RevealResult<S> {
  roundId: number;
  result: S;
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  nextRoundAt: number;
}

/** `{game}:winResult`, to the player once their money moved (`payout` 0: lost). */
export interface WinResult<P, S> {
  roundId: number;
  userId: number;
  ticket: number;
  bets: PickLine<P>[];
  stake: number;
  payout: number;
  profit: number;
  result: S;
}

/** A row of `{game}:bets`: the round's real bets, newest first, names masked. */
export interface FeedRow<P> {
  username: string;
  bets: PickLine<P>[];
  total: number;
}

/** `{game}:placeBet` request. */
export interface PlaceBetReq<P> {
  roundId: number;
  bets: PickLine<P>[];
  totalBets: number;
}

export type BetError =
  | 'betting_closed'
  | 'wrong_round'
  | 'insufficient_balance'
  | 'stake_too_low'
  | 'stake_too_high'
  | 'total_mismatch'
  | 'duplicate_pick'
  | 'no_picks'
  | 'too_many_picks'
  | 'unavailable';

export interface BetAccepted<P> {
  success: true;
  roundId: number;
  ticket: number;
  bets: PickLine<P>[];
  total: number;
  balance: number;
}

export interface BetRefused {
  success: false;
  error?: BetError | string;
  message?: string;
}

export type PlaceBetAck<P> = BetAccepted<P> | BetRefused;

/*
 * The REST calls' shapes are the OpenAPI document's: `GET /api/fair/{game}[/{round}]` (fairness/api), and
 * `GET /api/games/{game}/bets` (api/get-my-bets: `RoundBetRow`, its picks and result those of any round game).
 */
