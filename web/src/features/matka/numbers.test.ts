import { describe, expect, it } from 'vitest';
import { DIGITS, isValidNumber, JODIS, numberGroups, sangamNumber } from './numbers';

describe('numbers per bid type', () => {
  it('lists 0–9, 00–99 and the pannas of each kind grouped by digit; sangams are typed in', () => {
    expect(DIGITS).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(JODIS).toHaveLength(100);
    expect([JODIS[0], JODIS[7], JODIS[99]]).toEqual(['00', '07', '99']);
    expect(numberGroups('single_digit')).toEqual([{ title: null, numbers: DIGITS }]);
    expect(numberGroups('jodi')!.flatMap((g) => g.numbers)).toEqual(JODIS);
    expect(numberGroups('jodi')![8]).toEqual({
      title: '80–89',
      numbers: ['80', '81', '82', '83', '84', '85', '86', '87', '88', '89'],
    });
    const count = (t: Parameters<typeof numberGroups>[0]) => numberGroups(t)!.reduce((n, g) => n + g.numbers.length, 0);
    expect([count('single_panna'), count('double_panna'), count('triple_panna')]).toEqual([120, 90, 10]);
    expect(numberGroups('single_panna')!.map((g) => g.title)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '0',
    ]);
    expect(numberGroups('half_sangam')).toBeNull();
    expect(numberGroups('full_sangam')).toBeNull();
  });

  it('takes the numbers the server takes, as it writes them', () => {
    const ok: [Parameters<typeof isValidNumber>[0], string][] = [
      ['single_digit', '7'],
      ['jodi', '80'],
      ['jodi', '00'],
      ['single_panna', '128'],
      ['double_panna', '550'],
      ['triple_panna', '000'],
      ['half_sangam', '8-479'],
      ['half_sangam', '134-0'],
      ['full_sangam', '134-479'],
    ];
    for (const [t, n] of ok) expect(isValidNumber(t, n), `${t} ${n}`).toBe(true);
    const bad: [Parameters<typeof isValidNumber>[0], string][] = [
      ['single_digit', '12'],
      ['jodi', '8'],
      ['single_panna', '550'],
      ['single_panna', '143'],
      ['double_panna', '128'],
      ['triple_panna', '112'],
      ['half_sangam', '8-4'],
      ['half_sangam', '134-479'],
      ['half_sangam', '8-479-1'],
      ['full_sangam', '134-7'],
    ];
    for (const [t, n] of bad) expect(isValidNumber(t, n), `${t} ${n}`).toBe(false);
  });

  it('a sangam from its typed halves: pannas in any order, digits one digit', () => {
    expect(sangamNumber('half_sangam', 'open_digit', '8', '974')).toEqual({ ok: true, number: '8-479' });
    expect(sangamNumber('half_sangam', 'open_panna', '431', '0')).toEqual({ ok: true, number: '134-0' });
    expect(sangamNumber('full_sangam', 'open_digit', '134', '479')).toEqual({ ok: true, number: '134-479' });
    expect(sangamNumber('half_sangam', 'open_digit', '81', '479')).toEqual({
      ok: false,
      message: 'The open digit is one digit, 0–9',
    });
    expect(sangamNumber('full_sangam', 'open_digit', '134', '47')).toEqual({
      ok: false,
      message: 'The close panna is three digits',
    });
  });
});
