import { describe, expect, it } from 'vitest';
import {
  allPannas,
  DIGIT_ORDER,
  isPanna,
  normalizePanna,
  pannaDigit,
  pannaGroups,
  pannaKind,
  pannaOfDigits,
  pannasOf,
} from './pannas';

describe('pannas', () => {
  it('there are 220, in the game’s order (ascending, 0 after 9), each written in that order', () => {
    const all = allPannas();
    expect(all).toHaveLength(220);
    expect(new Set(all).size).toBe(220);
    expect(all.slice(0, 3)).toEqual(['111', '112', '113']);
    expect(all.at(-1)).toBe('000');
    expect(all.every(isPanna)).toBe(true);
    // 0 ranks after 9: 190 and 550 are pannas, 019 and 055 are not.
    for (const p of ['128', '190', '550', '479', '900']) expect(isPanna(p)).toBe(true);
    for (const p of ['019', '055', '143', '974', '12', '1234', 'abc']) expect(isPanna(p)).toBe(false);
  });

  it('120 single, 90 double and 10 triple pannas', () => {
    expect(pannasOf('single')).toHaveLength(120);
    expect(pannasOf('double')).toHaveLength(90);
    expect(pannasOf('triple')).toEqual(['111', '222', '333', '444', '555', '666', '777', '888', '999', '000']);
    expect(pannaKind('128')).toBe('single');
    expect(pannaKind('550')).toBe('double');
    expect(pannaKind('000')).toBe('triple');
  });

  it('grouped by digit 1…9, 0: each digit owns 12 single, 9 double and 1 triple panna', () => {
    for (const [kind, each] of [
      ['single', 12],
      ['double', 9],
      ['triple', 1],
    ] as const) {
      const groups = pannaGroups(kind);
      expect(groups.map((g) => g.digit)).toEqual(DIGIT_ORDER);
      for (const g of groups) {
        expect(g.pannas).toHaveLength(each);
        expect(g.pannas.every((p) => pannaDigit(p) === g.digit && pannaKind(p) === kind)).toBe(true);
      }
    }
    // The classic chart's first and last single panna columns.
    expect(pannaGroups('single')[0]!.pannas).toEqual([
      '128',
      '137',
      '146',
      '236',
      '245',
      '290',
      '380',
      '470',
      '489',
      '560',
      '579',
      '678',
    ]);
    expect(pannaGroups('single')[9]!.pannas).toEqual([
      '127',
      '136',
      '145',
      '190',
      '235',
      '280',
      '370',
      '389',
      '460',
      '479',
      '569',
      '578',
    ]);
    expect(pannaGroups('triple').map((g) => g.pannas[0])).toEqual([
      '777',
      '444',
      '111',
      '888',
      '555',
      '222',
      '999',
      '666',
      '333',
      '000',
    ]);
  });

  it('a panna’s digit is its sum mod 10; three digits in any order make their panna', () => {
    expect(pannaDigit('134')).toBe(8);
    expect(pannaDigit('479')).toBe(0);
    expect(normalizePanna('974')).toBe('479');
    expect(normalizePanna('091')).toBe('190');
    expect(normalizePanna(' 505 ')).toBe('550');
    expect(normalizePanna('12')).toBeNull();
    expect(pannaOfDigits([0, 4, 7])).toBe('470');
    expect(pannaOfDigits([8, 8, 1])).toBe('188');
  });
});
