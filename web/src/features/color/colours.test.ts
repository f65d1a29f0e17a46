import { describe, expect, it } from 'vitest';
import { colourCounts, colourLabel, isColour } from './colours';

describe('colours', () => {
  it('names and recognises colours', () => {
    expect(colourLabel('green')).toBe('Green');
    expect(isColour('blue')).toBe(true);
    expect(isColour('violet')).toBe(false);
  });
  it('counts wins over history, skipping unknown values', () => {
    const history = [
      { roundId: 3, result: { colour: 'red' as const } },
      { roundId: 2, result: { colour: 'red' as const } },
      { roundId: 1, result: { colour: 'blue' as const } },
      { roundId: 0, result: { colour: 'violet' } as never },
    ];
    expect(colourCounts(history)).toEqual({ red: 2, green: 0, blue: 1 });
  });
});
