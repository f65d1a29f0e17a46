/**
 * Aviator on the wire: the server's events and requests are the AsyncAPI document's (`SocketSchema`, from
 * docs/asyncapi.json); the client's own types (its phase names, its two bet panels, its history) follow.
 */
import type { SocketSchema } from '@/lib/socket-types';

/** `aviator_game_state`. Fields of one phase only (`bettingEndsAt`, `startedAt`, `crashedAt`, `capped`…) are absent in the others. */
export type GameStateMsg = SocketSchema<'AviatorGameState'>;
/** A row of `aviator_bet_update`. */
export type FeedBet = SocketSchema<'AviatorFeedBet'>;
/** `aviator_game_result`. */
export type GameResultMsg = SocketSchema<'AviatorGameResult'>;
/** `bet_placed`, and `place_bet`'s ack. */
export type BetPlacedMsg = SocketSchema<'AviatorBetPlaced'>;
/** `cash_out_success`, and `cash_out`'s ack. */
export type CashOutMsg = SocketSchema<'AviatorCashOutSuccess'>;
/** `bet_cancelled`, and `cancel_bet`'s ack. */
export type BetCancelledMsg = SocketSchema<'AviatorBetCancelled'>;
/** `bet_result`. */
export type BetResultMsg = SocketSchema<'AviatorBetResult'>;
/** `place_bet`'s payload. */
export type PlaceBetReq = SocketSchema<'AviatorBetRequest'>;

/** The phases `aviator_game_state` names (the document types `phase` as text: a name not listed here is not one). */
export type Phase = 'countdown' | 'flying' | 'crashed';
export const PHASES: readonly Phase[] = ['countdown', 'flying', 'crashed'];
export const isPhase = (p: string): p is Phase => (PHASES as readonly string[]).includes(p);

export type RoundId = string | number;
/** A bet panel (the server's `slot`). */
export type Slot = 0 | 1;

/** A round of the history strip: from `GET /api/aviator/rounds` or an `aviator_game_result`. */
export interface RoundSummary {
  roundId: RoundId;
  crashPoint: number;
  hash: string;
  endedAt?: string | number;
}
