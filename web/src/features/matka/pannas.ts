/**
 * Pannas, pure (mirrors `actors/src/matka/rules.rs`): a panna is three digits written in the game's order —
 * ascending, with 0 ranked after 9 (`128`, `190`, `550`). There are 220: 120 single (three different digits), 90
 * double (two alike), 10 triple. A panna's digit is the sum of its digits mod 10; charts group pannas by it, in the
 * order 1, 2, …, 9, 0.
 */

export type PannaKind = 'single' | 'double' | 'triple';

/** A digit's rank in the game's order: 1 < 2 < … < 9 < 0. */
export const rank = (d: number) => (d === 0 ? 10 : d);

/** The digits in the game's order, as charts list the groups. */
export const DIGIT_ORDER: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0];

const digitsOf = (text: string) => Array.from(text, (c) => c.charCodeAt(0) - 48);

/** Whether `text` is a panna as the game writes it (three digits, in order); `974` is not, `479` is. */
export function isPanna(text: string): boolean {
  if (!/^\d{3}$/.test(text)) return false;
  const [a, b, c] = digitsOf(text) as [number, number, number];
  return rank(a) <= rank(b) && rank(b) <= rank(c);
}

/** Three digits in any order, written as the game writes them (`974` → `479`); null when not three digits. */
export function normalizePanna(text: string): string | null {
  const t = text.trim();
  if (!/^\d{3}$/.test(t)) return null;
  return digitsOf(t)
    .sort((x, y) => rank(x) - rank(y))
    .join('');
}

export function pannaKind(panna: string): PannaKind {
  const [a, b, c] = digitsOf(panna) as [number, number, number];
  if (a === b && b === c) return 'triple';
  return a === b || b === c || a === c ? 'double' : 'single';
}

/** The sum of the digits mod 10 (`479` → 0). */
export function pannaDigit(panna: string): number {
  return digitsOf(panna).reduce((s, d) => s + d, 0) % 10;
}

let every: string[] | null = null;

/** Every panna, in the game's order (by the ranks of its digits). */
export function allPannas(): readonly string[] {
  if (every) return every;
  const out: string[] = [];
  for (let a = 1; a <= 10; a++)
    for (let b = a; b <= 10; b++) for (let c = b; c <= 10; c++) out.push([a, b, c].map((r) => r % 10).join(''));
  every = out;
  return out;
}

export function pannasOf(kind: PannaKind): string[] {
  return allPannas().filter((p) => pannaKind(p) === kind);
}

export interface PannaGroup {
  digit: number;
  pannas: string[];
}

/** The pannas of one kind grouped by their digit (1, 2, …, 9, 0), each group in the game's order. */
export function pannaGroups(kind: PannaKind): PannaGroup[] {
  const list = pannasOf(kind);
  return DIGIT_ORDER.map((digit) => ({ digit, pannas: list.filter((p) => pannaDigit(p) === digit) }));
}

/** The panna three digits make (any order), as the server draws it: `[0, 4, 7]` → `470`. */
export function pannaOfDigits(digits: readonly number[]): string {
  return [...digits].sort((x, y) => rank(x) - rank(y)).join('');
}
