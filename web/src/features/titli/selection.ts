/** The pictures a Titli bet covers, each with its own amount. Pure. */
import type { PickLine } from '../round-table/wire';
import type { TitliPick } from './wire';

export type Selection = Readonly<Record<number, number>>;

/** Tapping a picture adds the chosen amount to it. */
export function addChip(sel: Selection, pick: TitliPick, amount: number): Selection {
  if (!(amount > 0)) return sel;
  return { ...sel, [pick]: Math.round(((sel[pick] ?? 0) + amount) * 100) / 100 };
}

export function removePick(sel: Selection, pick: TitliPick): Selection {
  const next = { ...sel };
  delete next[pick];
  return next;
}

/** The bet lines, in picture order. */
export function linesOf(sel: Selection): PickLine<TitliPick>[] {
  return Object.entries(sel)
    .map(([pick, amount]) => ({ pick: Number(pick), amount }))
    .filter((l) => l.amount > 0)
    .sort((a, b) => a.pick - b.pick);
}

/** A winning line returns `payout` per rupee: "wins ₹100" for ₹10 at 10×. */
export function winsFor(amount: number, payout: number): number {
  return Math.round(amount * payout * 100) / 100;
}
