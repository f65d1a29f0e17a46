import { describe, expect, it } from 'vitest';
import { pickLabel, pictureLabel, pictureOf, PICTURES, winnerOf } from './pictures';
import { addChip, linesOf, removePick, winsFor } from './selection';

describe('titli pictures', () => {
  it('follows the server catalogue order', () => {
    expect(PICTURES.map((p) => [p.number, p.name, pickLabel(p.number)])).toEqual([
      [1, 'butterfly', 'Butterfly'],
      [2, 'cow', 'Cow'],
      [3, 'football', 'Football'],
      [4, 'spin', 'Spin'],
      [5, 'flower', 'Flower'],
      [6, 'diya', 'Diya'],
      [7, 'bucket', 'Bucket'],
      [8, 'kite', 'Kite'],
      [9, 'rat', 'Rat'],
      [10, 'umbrella', 'Umbrella'],
      [11, 'parrot', 'Parrot'],
      [12, 'sun', 'Sun'],
    ]);
    expect(pictureLabel(pictureOf(1)!)).toBe('Butterfly');
    expect(pictureOf(12)?.name).toBe('sun');
    expect(pictureOf(0)).toBeNull();
    expect(pictureOf(13)).toBeNull();
    expect(pickLabel(13)).toBe('#13');
  });
  it('maps a result by its number', () => {
    expect(winnerOf({ winningImageNumber: 6, winningImage: 'diya' })?.emoji).toBe('🪔');
    expect(winnerOf(null)).toBeNull();
  });
});

describe('titli selection', () => {
  it('adds chips per picture and lists lines in picture order', () => {
    let sel = addChip({}, 5, 10);
    sel = addChip(sel, 2, 50);
    sel = addChip(sel, 5, 20);
    sel = addChip(sel, 7, 0);
    expect(linesOf(sel)).toEqual([
      { pick: 2, amount: 50 },
      { pick: 5, amount: 30 },
    ]);
    expect(linesOf(removePick(sel, 5))).toEqual([{ pick: 2, amount: 50 }]);
  });
  it('computes what a line wins', () => {
    expect(winsFor(10, 10)).toBe(100);
    expect(winsFor(5000, 10)).toBe(50_000);
    expect(winsFor(100, 1.9)).toBe(190);
  });
});
