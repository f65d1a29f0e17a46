/** Colour names, swatches and counts over recent results. */
import i18n from '@/i18n';
import type { Past } from '../round-table/wire';
import { COLOURS, type ColorShown, type Colour } from './wire';

export const SWATCH: Record<Colour, string> = { red: '#ff2d55', green: '#1fd17a', blue: '#3d8bfd' };

export const isColour = (v: unknown): v is Colour =>
  typeof v === 'string' && (COLOURS as readonly string[]).includes(v);

/** "Red", in the player's language (a colour this screen does not know: its name, capitalised). */
export function colourLabel(c: Colour | string): string {
  if (isColour(c)) return i18n.t(`color:colours.${c}`);
  return c ? c.charAt(0).toUpperCase() + c.slice(1) : '';
}

/** How often each colour won in `history`. */
export function colourCounts(history: readonly Past<ColorShown>[]): Record<Colour, number> {
  const counts: Record<Colour, number> = { red: 0, green: 0, blue: 0 };
  for (const h of history) if (isColour(h.result?.colour)) counts[h.result.colour] += 1;
  return counts;
}
