/** Titli Par's own wire (mirrors the server's `titli`): a pick is a picture number, the result the winning picture. */
import type { FeedRow, GameState, WinResult } from '../round-table/wire';

export const GAME = 'titli' as const;

/** A picture number, 1 to 12. */
export type TitliPick = number;

export interface TitliShown {
  winningImageNumber: number;
  /** The picture's name, e.g. "butterfly". */
  winningImage: string;
}

/** The server's catalogue, in its order: picture number n is `PICTURE_NAMES[n - 1]`. */
export const PICTURE_NAMES = [
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
] as const;

export type TitliState = GameState<TitliPick, TitliShown>;
export type TitliWin = WinResult<TitliPick, TitliShown>;
export type TitliFeedRow = FeedRow<TitliPick>;
