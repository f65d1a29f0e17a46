import { describe, expect, it } from 'vitest';
import type { MinesSettings } from './api/types';
import { minesSettingsChange, showMines, toMinesForm } from './settings-mines';

// Paise and basis points, as GET /api/admin/games sends Mines' settings.
const mines: MinesSettings = { minBet: 1000, maxBet: 5_000_000, maxPayout: 100_000_000, houseEdgeBp: 300 };

describe('Mines settings form', () => {
  it('shows rupees over paise and the edge as a percentage', () => {
    expect(toMinesForm(mines)).toEqual({
      minBet: '10.00',
      maxBet: '50000.00',
      maxPayout: '1000000.00',
      houseEdgeBp: '3.00',
    });
    expect(showMines('maxPayout', mines)).toBe('₹10,00,000.00');
    expect(showMines('houseEdgeBp', mines)).toBe('3.00 % (300 bp)');
    expect(showMines('minBet', {})).toBe('—');
    expect(Object.values(toMinesForm(null)).every((t) => t === '')).toBe(true);
  });
  it('sends only what changed, as exact integers', () => {
    const form = toMinesForm(mines);
    expect(minesSettingsChange(form, mines)).toEqual({ change: {} });
    expect(minesSettingsChange({ ...form, minBet: '20.10', houseEdgeBp: '2.5' }, mines)).toEqual({
      change: { minBet: 2010, houseEdgeBp: 250 },
    });
    // 1.15 × 100 is 114.99999999999999 in floats: the conversion is on the digits.
    expect(minesSettingsChange({ ...form, houseEdgeBp: '1.15' }, mines)).toEqual({ change: { houseEdgeBp: 115 } });
  });
  it('names the first problem, with the server’s rules', () => {
    const form = toMinesForm(mines);
    expect(minesSettingsChange({ ...form, minBet: '10.555' }, mines)).toEqual({
      error: 'Min bet: rupees with at most two decimals',
    });
    expect(minesSettingsChange({ ...form, houseEdgeBp: '3%' }, mines)).toEqual({
      error: 'House edge: a percentage with at most two decimals',
    });
    expect(minesSettingsChange({ ...form, minBet: '0' }, mines)).toEqual({ error: 'Min bet must be above zero' });
    expect(minesSettingsChange({ ...form, maxBet: '5' }, mines)).toEqual({
      error: 'Max bet must be at least the min bet',
    });
    expect(minesSettingsChange({ ...form, maxPayout: '100' }, mines)).toEqual({
      error: 'Max payout must be at least the max bet',
    });
    expect(minesSettingsChange({ ...form, houseEdgeBp: '0' }, mines)).toEqual({
      error: 'House edge must be 0.01 % to 49.99 %',
    });
    expect(minesSettingsChange({ ...form, houseEdgeBp: '50' }, mines)).toHaveProperty('error');
  });
});
