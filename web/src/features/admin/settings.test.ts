import { describe, expect, it } from 'vitest';
import type { AviatorSettings } from './api/types';
import { pendingSummary, settingsChange, showSetting, toForm } from './settings';

const current: AviatorSettings = { minBet: 10, maxBet: 10000, countdownMs: 4000, pauseMs: 1000, maxPayoutPerRound: 500000, houseEdgeBp: 100 };

describe('settings form', () => {
  it('sends only what changed', () => {
    const form = { ...toForm(current), minBet: '20' };
    expect(settingsChange(form, current)).toEqual({ change: { minBet: 20 } });
    expect(settingsChange(toForm(current), current)).toEqual({ change: {} });
  });
  it('accepts paise and refuses more decimals or text', () => {
    expect(settingsChange({ ...toForm(current), minBet: '10.5' }, current)).toEqual({ change: { minBet: 10.5 } });
    expect(settingsChange({ ...toForm(current), minBet: '10.555' }, current)).toEqual({ error: 'Min stake: rupees with at most two decimals' });
    expect(settingsChange({ ...toForm(current), countdownMs: '4.5' }, current)).toEqual({ error: 'Countdown: a whole number' });
  });
  it('checks the stakes and the edge', () => {
    expect(settingsChange({ ...toForm(current), minBet: '0' }, current)).toEqual({ error: 'Min stake must be above zero' });
    expect(settingsChange({ ...toForm(current), maxBet: '5' }, current)).toEqual({ error: 'Max stake must be at least the min stake' });
    expect(settingsChange({ ...toForm(current), houseEdgeBp: '10000' }, current)).toHaveProperty('error');
  });
  it('summarises a pending change', () => {
    expect(pendingSummary({ ...current, minBet: 20 }, current)).toEqual(['Min stake ₹20.00']);
    expect(pendingSummary(null, current)).toEqual([]);
    expect(showSetting('houseEdgeBp', 150)).toBe('150 bp (1.50 %)');
    expect(showSetting('countdownMs', 4000)).toBe('4,000 ms');
  });
});
