/**
 * The 'Ball By Ball Result' list, pure: the innings' recent balls (the score's `balls`, oldest first) newest first,
 * each written as the popup shows it: its over ("12.3"), its outcome (the runs as a number, "W" for a wicket, an
 * extra as its mark says: "Wd") and a tone for its colour.
 */
import type { Ball } from './wire';

export type BallTone = 'w' | 'four' | 'six' | 'extra' | '';

/** A ball as the socket or the server sent it, if it looks like one. */
const isBall = (v: unknown): v is Ball => {
  const b = v as Ball;
  return (
    !!b &&
    typeof b === 'object' &&
    typeof b.over === 'string' &&
    typeof b.runs === 'number' &&
    typeof b.mark === 'string'
  );
};

/** Runs off the bat: the mark is the runs themselves ("0", "4"); anything else (a wide, a no-ball) is an extra. */
const isRunsMark = (mark: string) => /^\d+$/.test(mark.trim());

/** "W" for a wicket, the runs for a ball off the bat, an extra as its mark says ("Wd"). */
export function ballOutcome(b: Pick<Ball, 'runs' | 'wicket' | 'mark'>): string {
  if (b.wicket) return 'W';
  const mark = b.mark.trim();
  if (!mark || isRunsMark(mark)) return String(b.runs);
  return mark;
}

/** The colour of a ball, as the last-six strip has it: a wicket red, a four blue, a six green, an extra amber. */
export function ballTone(b: Pick<Ball, 'runs' | 'wicket' | 'mark'>): BallTone {
  if (b.wicket) return 'w';
  const mark = b.mark.trim();
  if (mark && !isRunsMark(mark)) return 'extra';
  return b.runs === 4 ? 'four' : b.runs === 6 ? 'six' : '';
}

/** The balls newest first (the score lists them oldest first); whatever is not a ball is left out. */
export function newestFirst(balls: readonly unknown[] | null | undefined): Ball[] {
  return Array.isArray(balls) ? balls.filter(isBall).reverse() : [];
}
