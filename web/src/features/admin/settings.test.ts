import { describe, expect, it } from 'vitest';
import { capsRows, pendingSummary, settingsChange, showSetting, toForm } from './settings';
import { aviatorSettings as current } from './testing/settings';

describe('settings form', () => {
  it('sends only what changed', () => {
    const form = { ...toForm(current), minBet: '20' };
    expect(settingsChange(form, current)).toEqual({ change: { minBet: 20 } });
    expect(settingsChange(toForm(current), current)).toEqual({ change: {} });
  });
  it('accepts paise and refuses more decimals or text', () => {
    expect(settingsChange({ ...toForm(current), minBet: '10.5' }, current)).toEqual({ change: { minBet: 10.5 } });
    expect(settingsChange({ ...toForm(current), minBet: '10.555' }, current)).toEqual({
      error: 'Min stake: rupees with at most two decimals',
    });
    expect(settingsChange({ ...toForm(current), countdownMs: '4.5' }, current)).toEqual({
      error: 'Countdown: a whole number',
    });
  });
  it('checks the stakes and the edge', () => {
    expect(settingsChange({ ...toForm(current), minBet: '0' }, current)).toEqual({
      error: 'Min stake must be above zero',
    });
    expect(settingsChange({ ...toForm(current), maxBet: '5' }, current)).toEqual({
      error: 'Max stake must be at least the min stake',
    });
    expect(settingsChange({ ...toForm(current), houseEdgeBp: '10000' }, current)).toHaveProperty('error');
  });
  it('summarises a pending change', () => {
    expect(pendingSummary({ ...current, minBet: 20 }, current)).toEqual(['Min stake ₹20.00']);
    expect(pendingSummary(null, current)).toEqual([]);
    expect(showSetting('houseEdgeBp', 150)).toBe('150 bp (1.50 %)');
    expect(showSetting('countdownMs', 4000)).toBe('4,000 ms');
  });
  it('takes the bankroll’s shares as basis points with two decimals, 0 to 10000, and the capital in rupees', () => {
    const form = {
      ...toForm(current),
      maxPayoutBankrollBp: '112.5',
      maxPlayerPayoutBankrollBp: '0',
      bankrollCapital: '25000000.50',
    };
    expect(settingsChange(form, current)).toEqual({
      change: { maxPayoutBankrollBp: 112.5, maxPlayerPayoutBankrollBp: 0, bankrollCapital: 25000000.5 },
    });
    expect(settingsChange({ ...toForm(current), maxPayoutBankrollBp: '0.125' }, current)).toEqual({
      error: 'Round cap, share of bankroll: basis points with at most two decimals, 0 to 10000',
    });
    expect(settingsChange({ ...toForm(current), maxPlayerPayoutBankrollBp: '10000.01' }, current)).toEqual({
      error: 'Player cap, share of bankroll: basis points with at most two decimals, 0 to 10000',
    });
    expect(settingsChange({ ...toForm(current), maxPlayerPayoutBankrollBp: '-1' }, current)).toHaveProperty('error');
    expect(settingsChange({ ...toForm(current), bankrollCapital: '-5' }, current)).toEqual({
      error: 'Bankroll capital: rupees with at most two decimals',
    });
    expect(settingsChange({ ...toForm(current), maxPayoutBankrollBp: '10000' }, current)).toEqual({
      change: { maxPayoutBankrollBp: 10000 },
    });
  });
  it('shows a share of the bankroll as a percentage, or not set', () => {
    expect(showSetting('maxPayoutBankrollBp', 112.5)).toBe('112.5 bp (1.125 % of the bankroll)');
    expect(showSetting('maxPlayerPayoutBankrollBp', 75)).toBe('75 bp (0.75 % of the bankroll)');
    expect(showSetting('maxPayoutBankrollBp', 0)).toBe('not set');
    expect(showSetting('bankrollCapital', 10000000)).toBe('₹1,00,00,000.00');
    expect(pendingSummary({ ...current, maxPayoutBankrollBp: 112.5 }, current)).toEqual([
      'Round cap, share of bankroll 112.5 bp (1.125 % of the bankroll)',
    ]);
  });
  it('lists the caps of the round in play', () => {
    expect(capsRows({ bankroll: 120000, maxPayout: 1350, maxPlayerPayout: 900 })).toEqual([
      { key: 'bankroll', value: '₹1,20,000.00' },
      { key: 'maxPayout', value: '₹1,350.00' },
      { key: 'maxPlayerPayout', value: '₹900.00' },
    ]);
    expect(capsRows({ bankroll: -500, maxPayout: 0, maxPlayerPayout: null })[2]).toEqual({
      key: 'maxPlayerPayout',
      value: 'none',
    });
  });
});
