/** The twelve pictures as the screen draws them (emoji: the app ships no artwork). */
import { PICTURE_NAMES, type TitliPick, type TitliShown } from './wire';

export interface Picture {
  number: TitliPick;
  name: string;
  label: string;
  emoji: string;
}

const EMOJI = ['🦋', '🐄', '⚽', '🪀', '🌸', '🪔', '🪣', '🪁', '🐀', '☂️', '🦜', '☀️'];

export const PICTURES: Picture[] = PICTURE_NAMES.map((name, i) => ({
  number: i + 1,
  name,
  label: name.charAt(0).toUpperCase() + name.slice(1),
  emoji: EMOJI[i] ?? '?',
}));

/** The picture by number (1–12), or null. */
export function pictureOf(n: number): Picture | null {
  return Number.isInteger(n) && n >= 1 && n <= 12 ? (PICTURES[n - 1] ?? null) : null;
}

/** The winning picture of a result (by number; the name is only a label). */
export function winnerOf(result: TitliShown | null | undefined): Picture | null {
  return result ? pictureOf(result.winningImageNumber) : null;
}

/** "Butterfly" for a pick, "#13" for one the catalogue does not know. */
export function pickLabel(n: TitliPick): string {
  return pictureOf(n)?.label ?? `#${n}`;
}
