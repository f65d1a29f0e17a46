/**
 * How My Bets writes a round game's picks and results, in each game's own words and pictures: Titli Par's picture
 * (emoji and name), Andar Bahar's side (and the joker that decided it), Color Prediction's colour. Pure text, so the
 * rows read the same as the games' own screens.
 */
import i18n from '@/i18n';
import { cardLabel, isCard } from '../andar-bahar/cards';
import { colourLabel, isColour, SWATCH } from '../color/colours';
import type { AnyPick, AnyResult } from '../round-table/api/get-my-bets';
import type { GameName } from '../round-table/wire';
import { pickLabel, pictureOf } from '../titli/pictures';

/** "🦋 Butterfly", "Andar", "Red". */
export function pickText(game: GameName, pick: AnyPick): string {
  switch (game) {
    case 'titli': {
      const n = Number(pick);
      const emoji = pictureOf(n)?.emoji;
      return emoji ? `${emoji} ${pickLabel(n)}` : `#${String(pick)}`;
    }
    case 'andar_bahar':
      return i18n.t(`andarBahar:sides.${String(pick)}`, { defaultValue: String(pick) });
    case 'color':
      return colourLabel(String(pick));
  }
}

/** "☀️ Sun"; "Bahar (joker 7♥)"; "Blue". A result of another game's shape: "—". */
export function resultText(game: GameName, result: AnyResult): string {
  switch (game) {
    case 'titli':
      return 'winningImageNumber' in result ? pickText(game, result.winningImageNumber) : '—';
    case 'andar_bahar': {
      if (!('joker' in result)) return '—';
      const joker = isCard(result.joker) ? cardLabel(result.joker) : '?';
      const side = result.winner ? pickText(game, result.winner) : '…';
      return i18n.t('history:rounds.abResult', { side, joker });
    }
    case 'color':
      return 'colour' in result ? colourLabel(result.colour) : '—';
  }
}

/** The colour a Color Prediction pick or result is drawn in (none for the other games). */
export function swatchOf(game: GameName, value: AnyPick | AnyResult): string | undefined {
  if (game !== 'color') return undefined;
  const c = typeof value === 'object' && value !== null && 'colour' in value ? value.colour : value;
  return isColour(c) ? SWATCH[c] : undefined;
}
