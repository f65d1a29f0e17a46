/** The twelve pictures as the screen draws them (emoji: the app ships no artwork). */
import i18n from '@/i18n';
import { PICTURE_NAMES, type TitliPick, type TitliShown } from './wire';

export interface Picture {
  number: TitliPick;
  /** The server's name, e.g. "butterfly": also the picture's key in `titli:pictures`. */
  name: string;
  emoji: string;
}

const EMOJI = ['🦋', '🐄', '⚽', '🪀', '🌸', '🪔', '🪣', '🪁', '🐀', '☂️', '🦜', '☀️'];

export const PICTURES: Picture[] = PICTURE_NAMES.map((name, i) => ({
  number: i + 1,
  name,
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

/** The picture's name as the player reads it ("Butterfly"), in the player's language. */
export function pictureLabel(p: Pick<Picture, 'name'>): string {
  return i18n.t(`titli:pictures.${p.name}`);
}

/** "Butterfly" for a pick, "#13" for one the catalogue does not know. */
export function pickLabel(n: TitliPick): string {
  const p = pictureOf(n);
  return p ? pictureLabel(p) : `#${n}`;
}
