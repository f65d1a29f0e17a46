/** Color Prediction's own wire (mirrors the server's `color`): a pick is a colour, the result the drawn colour. */
export const GAME = 'color' as const;

export type Colour = 'red' | 'green' | 'blue';
export const COLOURS: readonly Colour[] = ['red', 'green', 'blue'];

export interface ColorShown {
  colour: Colour;
}
