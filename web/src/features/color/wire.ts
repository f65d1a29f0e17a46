/** Color Prediction's own wire (the server's `color`, typed by the AsyncAPI document): a pick is a colour, the result the drawn colour. */
import type { PickOf, ShownOf } from '../round-table/wire';

export const GAME = 'color' as const;

export type Colour = PickOf<typeof GAME>;
export const COLOURS: readonly Colour[] = ['red', 'green', 'blue'];

export type ColorShown = ShownOf<typeof GAME>;
