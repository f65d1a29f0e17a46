/**
 * What the console does with each game of `GET /api/admin/games`, from the games registry's `admin` blocks: its form,
 * whether it plays in rounds, whether it can be suspended. A game this client does not know (a newer server's) reads
 * like a round game without a form: its phase with its round, and Suspend.
 */
import { gameOf, type AdminDef } from '@/games/registry';
import type { AviatorGame, Game, MatkaGame, MinesGame, RoundGame, SuspendableGame } from './api/types';

const adminOf = (game: string): AdminDef | undefined => gameOf(game)?.admin;

/** The server's shape of a game with each form (the API document names it by `game`). */
interface WithForm {
  aviator: AviatorGame;
  round: RoundGame;
  mines: MinesGame;
  matka: MatkaGame;
}

/** Whether the registry gives `g` the settings form `form`. */
export function hasForm<F extends keyof WithForm>(g: Game, form: F): g is WithForm[F] {
  return adminOf(g.game)?.settings === form;
}

/** Whether it plays in rounds: the card shows the round in play with the phase. */
export function playsRounds(g: Game): g is Exclude<Game, MinesGame | MatkaGame> {
  return adminOf(g.game)?.rounds ?? true;
}

/** Whether an operator can suspend and resume it. */
export function isSuspendable(g: Game): g is SuspendableGame {
  return adminOf(g.game)?.suspend ?? true;
}
