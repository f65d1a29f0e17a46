/**
 * Andar Bahar's own wire (the server's `andar_bahar`, typed by the AsyncAPI document): a pick is a side; cards are
 * numbers 0–51.
 */
import type { Schema } from '@/lib/api-types';
import type { PickOf, ShownOf, StepOf } from '../round-table/wire';

export const GAME = 'andar_bahar' as const;

export type Side = PickOf<typeof GAME>;
export const SIDES: readonly Side[] = ['Andar', 'Bahar'];

/** 0–51: rank `n % 13` (0 = A … 12 = K), suit `floor(n / 13)` (♠ ♥ ♦ ♣). */
export type Card = AbShown['joker'];

/** The deal as far as it is revealed: `winner` is absent or null until the matching card is dealt. */
export type AbShown = ShownOf<typeof GAME>;

/** `andar_bahar:revealStep`'s step: one card and the side it went to. */
export type AbStep = StepOf<typeof GAME>;

/** A row of GET /api/bets2/{userId} (REST: the OpenAPI document's). `profit` and `payout` are null while open. */
export type Bets2Row = Schema<'AndarBaharBetJson'>;

export type Bets2Response = Schema<'AndarBaharBetList'>;
