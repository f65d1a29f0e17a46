/** Aviator wire vocabulary: server → client events and client → server requests (mirrors the server's module). */
export type Phase = 'countdown' | 'flying' | 'crashed';
export type RoundId = string | number;
export type Slot = 0 | 1;

export interface GameStateMsg {
  phase: Phase;
  countdown: number;
  countdownMs: number;
  multiplier: number;
  roundId: RoundId;
  isActive: boolean;
  elapsed: number;
  serverTime: number;
  /** While counting down: when betting ends (epoch ms). */
  bettingEndsAt?: number;
  /** In flight: the take-off (epoch ms). */
  startedAt?: number;
  /** Crashed: when (epoch ms). */
  crashedAt?: number;
  crashPoint?: number;
  hash?: string;
  /** Crashed: the round stopped at the payout cap. */
  capped?: boolean;
}

export interface FeedBet {
  username: string;
  amount: number;
  slot: number;
  multiplier: number | null;
  winnings: number;
}

export interface GameResultMsg {
  roundId: RoundId;
  crashPoint: number;
  hash: string;
  capped?: boolean;
}

export interface BetPlacedMsg {
  success: boolean;
  amount: number;
  slot: number;
  roundId: RoundId;
  autoCashout?: number | null;
}

export interface CashOutMsg {
  success: boolean;
  totalWinnings: number;
  multiplier: number;
  slot: number;
  roundId: RoundId;
}

export interface BetCancelledMsg {
  success: boolean;
  refundAmount: number;
  slot: number;
}

export interface BetResultMsg {
  roundId: RoundId;
  slot: number;
  win: boolean;
  amount: number;
  winnings: number;
  multiplier: number | null;
}

export interface RoundSummary {
  roundId: RoundId;
  crashPoint: number;
  hash: string;
  endedAt?: string | number;
}

/** Ack answer to place_bet / cancel_bet / cash_out. */
export type Ack<T = Record<string, unknown>> =
  ({ success: true } & T) | { success: false; error?: string; message?: string };

export interface PlaceBetReq {
  userId: string;
  amount: number;
  roundId: RoundId;
  slot: Slot;
  autoCashout?: number;
}
