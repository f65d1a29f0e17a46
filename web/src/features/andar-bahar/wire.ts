/** Andar Bahar's own wire (mirrors the server's `andar_bahar`): a pick is a side; cards are numbers 0–51. */
import type { Schema } from '@/lib/api-types';

export const GAME = 'andar_bahar' as const;

export type Side = 'Andar' | 'Bahar';
export const SIDES: readonly Side[] = ['Andar', 'Bahar'];

/** 0–51: rank `n % 13` (0 = A … 12 = K), suit `floor(n / 13)` (♠ ♥ ♦ ♣). */
export type Card = number;

/** The deal as far as it is revealed: `winner` is null until the matching card is dealt. */
export interface AbShown {
  joker: Card;
  andar: Card[];
  bahar: Card[];
  winner: Side | null;
}

/** `andar_bahar:revealStep`'s step: one card and the side it went to. */
export interface AbStep {
  card: Card;
  side: Side;
}

/** A row of GET /api/bets2/{userId} (REST: the OpenAPI document's). `profit` and `payout` are null while open. */
export type Bets2Row = Schema<'AndarBaharBetJson'>;

export type Bets2Response = Schema<'AndarBaharBetList'>;
