import { describe, expect, it } from 'vitest';
import type { AndarBaharSettings, UniformRoundSettings } from './api/types';
import {
  formatFixed,
  isRoundGame,
  parseFixed,
  readField,
  roundFields,
  roundPendingSummary,
  roundSettingsChange,
  showRoundValue,
  toRoundForm,
  type RoundField,
} from './settings-round';

const timings = { bettingMs: 30000, closedMs: 15000, stepMs: 400, resultMs: 5000 };
const titli: UniformRoundSettings = { payout: 1000, timings, limits: { min: 1000, max: 1000000, maxLines: 12 } };
const ab: AndarBaharSettings = {
  andarPayout: 190,
  baharPayout: 200,
  timings,
  limits: { min: 1000, max: 500000, maxLines: 2 },
};
const T = roundFields('titli');
const AB = roundFields('andar_bahar');
function byId(id: string): RoundField {
  const f = T.find((x) => x.id === id);
  if (!f) throw new Error(`no field ${id}`);
  return f;
}

describe('exact conversions', () => {
  it('parses decimals to integers without float drift', () => {
    expect(parseFixed('10.50', 2)).toBe(1050);
    expect(parseFixed('10.5', 2)).toBe(1050);
    expect(parseFixed('0.29', 2)).toBe(29);
    expect(parseFixed('1.15', 2)).toBe(115); // 1.15 * 100 = 114.99999999999999 in floats
    expect(parseFixed(' 10 ', 2)).toBe(1000);
    expect(parseFixed('0.4', 3)).toBe(400);
    expect(parseFixed('7', 0)).toBe(7);
  });
  it('refuses text, signs, too many decimals and a bare dot', () => {
    for (const bad of ['', 'abc', '-1', '1.', '.5', '10.555', '1e3', '1,000']) expect(parseFixed(bad, 2)).toBeNull();
    expect(parseFixed('1.5', 0)).toBeNull();
  });
  it('formats integers back', () => {
    expect(formatFixed(1050, 2)).toBe('10.50');
    expect(formatFixed(5, 2)).toBe('0.05');
    expect(formatFixed(400, 3, true)).toBe('0.4');
    expect(formatFixed(30000, 3, true)).toBe('30');
    expect(formatFixed(12, 0)).toBe('12');
  });
});

describe('round settings form', () => {
  it('has the payout fields of each game', () => {
    expect(T.filter((f) => f.unit === 'x').map((f) => f.id)).toEqual(['payout']);
    expect(
      roundFields('color')
        .filter((f) => f.unit === 'x')
        .map((f) => f.id),
    ).toEqual(['payout']);
    expect(AB.filter((f) => f.unit === 'x').map((f) => f.id)).toEqual(['andarPayout', 'baharPayout']);
    expect(isRoundGame({ game: 'andar_bahar' })).toBe(true);
    expect(isRoundGame({ game: 'aviator' })).toBe(false);
  });
  it('shows multipliers, seconds and rupees', () => {
    expect(toRoundForm(AB, ab)).toEqual({
      andarPayout: '1.90',
      baharPayout: '2.00',
      'timings.bettingMs': '30',
      'timings.closedMs': '15',
      'timings.stepMs': '0.4',
      'timings.resultMs': '5',
      'limits.min': '10.00',
      'limits.max': '5000.00',
      'limits.maxLines': '2',
    });
  });
  it('sends only what changed, nested objects partial', () => {
    expect(roundSettingsChange(T, toRoundForm(T, titli), titli)).toEqual({ change: {} });
    expect(roundSettingsChange(T, { ...toRoundForm(T, titli), payout: '2.8' }, titli)).toEqual({
      change: { payout: 280 },
    });
    const form = { ...toRoundForm(T, titli), 'timings.bettingMs': '20', 'limits.max': '5000' };
    expect(roundSettingsChange(T, form, titli)).toEqual({
      change: { timings: { bettingMs: 20000 }, limits: { max: 500000 } },
    });
    expect(roundSettingsChange(AB, { ...toRoundForm(AB, ab), baharPayout: '1.95', 'limits.min': '10.50' }, ab)).toEqual(
      {
        change: { baharPayout: 195, limits: { min: 1050 } },
      },
    );
  });
  it('names the first problem', () => {
    const form = toRoundForm(T, titli);
    expect(roundSettingsChange(T, { ...form, payout: '2.999' }, titli)).toEqual({
      error: 'Payout: a multiplier with at most two decimals (e.g. 2.90)',
    });
    expect(roundSettingsChange(T, { ...form, 'limits.min': '10.555' }, titli)).toEqual({
      error: 'Min stake per pick: rupees with at most two decimals',
    });
    expect(roundSettingsChange(T, { ...form, 'limits.maxLines': '1.5' }, titli)).toEqual({
      error: 'Picks per bet: a whole number',
    });
    expect(roundSettingsChange(T, { ...form, payout: '0.99' }, titli)).toHaveProperty('error');
    expect(roundSettingsChange(T, { ...form, 'timings.bettingMs': '0.5' }, titli)).toEqual({
      error: 'Betting must last at least 1 second',
    });
    expect(roundSettingsChange(T, { ...form, 'limits.min': '0' }, titli)).toEqual({
      error: 'Min stake must be above zero',
    });
    expect(roundSettingsChange(T, { ...form, 'limits.max': '5' }, titli)).toEqual({
      error: 'Max stake must be at least the min stake',
    });
    expect(roundSettingsChange(T, { ...form, 'limits.maxLines': '0' }, titli)).toHaveProperty('error');
  });
  it('summarises a pending change and never shows undefined', () => {
    const pending = { ...titli, payout: 280, limits: { ...titli.limits, min: 2000 } };
    expect(roundPendingSummary(T, pending, titli)).toEqual(['Payout 2.80×', 'Min stake per pick ₹20.00']);
    expect(roundPendingSummary(T, null, titli)).toEqual([]);
    const payout = byId('payout');
    expect(showRoundValue(payout, readField(titli, payout))).toBe('10.00×');
    expect(showRoundValue(byId('timings.resultMs'), 5000)).toBe('5 s');
    expect(showRoundValue(byId('limits.max'), 1000000)).toBe('₹10,000.00');
    // A row missing a field reads as "—" and an empty text, not "undefined" / NaN.
    const broken = { timings: {} } as unknown as UniformRoundSettings;
    expect(showRoundValue(payout, readField(broken, payout))).toBe('—');
    expect(Object.values(toRoundForm(T, broken)).every((t) => t === '')).toBe(true);
    expect(roundPendingSummary(T, broken, titli)).toEqual([]);
  });
});
