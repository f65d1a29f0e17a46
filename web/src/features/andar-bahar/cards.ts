/** Cards and the table's two rows. Pure. */
import type { AbShown, AbStep, Bets2Row, Card, Side } from './wire';

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export const SUITS = ['♠', '♥', '♦', '♣'] as const;
export const ROW_CELLS = 14;

export const isCard = (n: unknown): n is Card => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < 52;
export const rankOf = (c: Card) => c % 13;
export const suitOf = (c: Card) => Math.floor(c / 13);

/** "A♠", "10♦", "K♣"; "?" for a number that is no card. */
export function cardLabel(c: Card): string {
  return isCard(c) ? `${RANKS[rankOf(c)]}${SUITS[suitOf(c)]}` : '?';
}

/** Hearts and diamonds are red. */
export function isRed(c: Card): boolean {
  const s = suitOf(c);
  return s === 1 || s === 2;
}

export interface TableCards {
  joker: Card | null;
  andar: Card[];
  bahar: Card[];
  winner: Side | null;
}

/**
 * What the table shows: the (partial) result, plus the reveal steps that arrived after it. Step k is the k-th
 * card dealt, so the result's `andar.length + bahar.length` cards are steps already counted.
 */
export function tableCards(result: AbShown | null, steps: readonly (AbStep | undefined)[]): TableCards {
  const andar = [...(result?.andar ?? [])];
  const bahar = [...(result?.bahar ?? [])];
  for (let k = andar.length + bahar.length; k < steps.length; k++) {
    const step = steps[k];
    if (!step) break;
    (step.side === 'Andar' ? andar : bahar).push(step.card);
  }
  return { joker: result?.joker ?? null, andar, bahar, winner: result?.winner ?? null };
}

/** A row's cells: at least 14 (empty ones are null), more when more cards were dealt (the row scrolls). */
export function rowCells(cards: readonly Card[], min = ROW_CELLS): (Card | null)[] {
  return Array.from({ length: Math.max(min, cards.length) }, (_, i) => cards[i] ?? null);
}

/** The last `n` bets, newest first. */
export function latestBets(rows: readonly Bets2Row[] | undefined, n = 10): Bets2Row[] {
  const time = (r: Bets2Row) => {
    const t = Date.parse(r.createdAt);
    return Number.isNaN(t) ? 0 : t;
  };
  return [...(rows ?? [])].sort((a, b) => time(b) - time(a) || b.roundId - a.roundId).slice(0, n);
}
