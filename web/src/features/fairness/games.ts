import type { FairGame } from './verify';

export const FAIR_GAMES: { value: FairGame; label: string; to: string }[] = [
  { value: 'titli', label: 'Titli Par', to: '/casino/fun-games' },
  { value: 'andar_bahar', label: 'Andar Bahar', to: '/casino/andar-bahar' },
  { value: 'color', label: 'Color Prediction', to: '/casino/color-prediction' },
];

/** Mines is checked per game (its own seeds), not per round: `?game=mines&gameId=…`. */
export const MINES = { value: 'mines', label: 'Mines', to: '/casino/mines' } as const;

/** Matka is checked per market and draw (a drawn market's seed per draw): `?game=matka&market=…&draw=…`. */
export const MATKA = { value: 'matka', label: 'Matka', to: '/casino/matka' } as const;

/** What the Fairness screen can check. */
export type Checkable = FairGame | typeof MINES.value | typeof MATKA.value;

export const CHECKABLE: { value: Checkable; label: string; to: string }[] = [...FAIR_GAMES, MINES, MATKA];

export const isFairGame = (v: string | null): v is FairGame => FAIR_GAMES.some((g) => g.value === v);

export const isCheckable = (v: string | null): v is Checkable =>
  v === MINES.value || v === MATKA.value || isFairGame(v);

/** A round id from the query string: a whole number ≥ 1, or null. */
export function parseRound(v: string | null): number | null {
  if (!v || !/^\d+$/.test(v.trim())) return null;
  const n = Number(v.trim());
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}
