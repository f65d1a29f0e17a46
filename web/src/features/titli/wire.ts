/**
 * Titli Par's own wire (the server's `titli`, typed by the AsyncAPI document): a pick is a picture number, the result
 * the winning picture.
 */
import type { FeedRow, GameState, PickOf, ShownOf, WinResult } from '../round-table/wire';

export const GAME = 'titli' as const;

/** A picture number, 1 to 12. */
export type TitliPick = PickOf<typeof GAME>;

/** The winning picture: its number and its name (e.g. "butterfly"). */
export type TitliShown = ShownOf<typeof GAME>;

/** The server's catalogue, in its order: picture number n is `PICTURE_NAMES[n - 1]`. */
export const PICTURE_NAMES: readonly TitliShown['winningImage'][] = [
  'butterfly',
  'cow',
  'football',
  'spin',
  'flower',
  'diya',
  'bucket',
  'kite',
  'rat',
  'umbrella',
  'parrot',
  'sun',
];

export type TitliState = GameState<TitliPick, TitliShown>;
export type TitliWin = WinResult<TitliPick, TitliShown>;
export type TitliFeedRow = FeedRow<TitliPick>;
