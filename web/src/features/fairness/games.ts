import type { FairGame } from './verify';

export const FAIR_GAMES: { value: FairGame; label: string; to: string }[] = [
  { value: 'titli', label: 'Titli Par', to: '/casino/fun-games' },
  { value: 'andar_bahar', label: 'Andar Bahar', to: '/casino/andar-bahar' },
  { value: 'color', label: 'Color Prediction', to: '/casino/color-prediction' },
];

export const isFairGame = (v: string | null): v is FairGame => FAIR_GAMES.some((g) => g.value === v);

/** A round id from the query string: a whole number ≥ 1, or null. */
export function parseRound(v: string | null): number | null {
  if (!v || !/^\d+$/.test(v.trim())) return null;
  const n = Number(v.trim());
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}
