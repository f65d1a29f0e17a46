/** What the Fairness screen can check, from the games registry (each game's `fairness` block), in the form's order. */
import { gamesWith, type FairnessCheck, type GameKey } from '@/games/registry';
import type { FairGame } from './verify';

/** A game the Fairness screen can check: a round game (`FairGame`), Mines or Matka. */
export type Checkable = Extract<GameKey, FairGame | 'mines' | 'matka'>;

/** A game in the form: its name, its screen, and how it is checked (a round, a Mines game, a Matka draw). */
export type CheckableGame =
  | { value: FairGame; label: string; to: string; check: 'round' }
  | { value: 'mines'; label: string; to: string; check: 'mines' }
  | { value: 'matka'; label: string; to: string; check: 'matka' };

// Sound: the registry's type lets a game's `check` be only its own (`round` for the server's round games).
export const CHECKABLE: CheckableGame[] = gamesWith('fairness', (g) => g.fairness.order).map(
  (g) => ({ value: g.key, label: g.name, to: g.path, check: g.fairness.check }) as CheckableGame,
);

/** The round games: `?game=&round=`, `GET /api/fair/{game}/{round}`. */
export const FAIR_GAMES = CHECKABLE.filter((g) => g.check === 'round');

export const isFairGame = (v: string | null): v is FairGame => FAIR_GAMES.some((g) => g.value === v);

export const isCheckable = (v: string | null): v is Checkable => CHECKABLE.some((g) => g.value === v);

/** How a game is checked: Mines per game (its own seeds, `?game=mines&gameId=…`), Matka per market and draw (`?game=matka&market=…&draw=…`), the round games per round. */
export const checkOf = (game: Checkable): FairnessCheck => CHECKABLE.find((g) => g.value === game)?.check ?? 'round';

/** A round id from the query string: a whole number ≥ 1, or null. */
export function parseRound(v: string | null): number | null {
  if (!v || !/^\d+$/.test(v.trim())) return null;
  const n = Number(v.trim());
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}
