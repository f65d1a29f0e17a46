import { describe, expect, it } from 'vitest';
import { matkaSettingsChange, RATE_FIELDS, showRate, toMatkaForm } from './settings-matka';
import { matkaSettings as settings } from './testing/settings';

describe('matka settings form', () => {
  it('shows rates as multipliers and points in rupees', () => {
    const f = toMatkaForm(settings);
    expect(f.singleDigit).toBe('9.50');
    expect(f.fullSangam).toBe('15000.00');
    expect(f.minPoints).toBe('10');
    expect(f.maxPoints).toBe('10000');
    expect(toMatkaForm(null).jodi).toBe('');
    expect(showRate(RATE_FIELDS[0]!, 950)).toBe('9.50× · 10 Ka 95 · RTP 95.00 %');
    expect(showRate(RATE_FIELDS[1]!, 9500)).toBe('95.00× · 10 Ka 950 · RTP 95.00 %');
    expect(showRate(RATE_FIELDS[6]!, undefined)).toBe('—');
  });

  it('sends only the changed fields, exactly: hundredths and paise', () => {
    const f = { ...toMatkaForm(settings), singleDigit: '9.3', maxPoints: '5000' };
    expect(matkaSettingsChange(f, settings)).toEqual({ change: { rates: { singleDigit: 930 }, maxPoints: 500000 } });
    expect(matkaSettingsChange(toMatkaForm(settings), settings)).toEqual({ change: {} });
  });

  it('refuses what the server refuses: no edge, under 1×, fractional points, min above max', () => {
    const f = toMatkaForm(settings);
    expect(matkaSettingsChange({ ...f, singleDigit: '10' }, settings)).toEqual({
      error: 'Single digit at 10.00× leaves the house no edge',
    });
    expect('change' in matkaSettingsChange({ ...f, singleDigit: '9.99' }, settings)).toBe(true);
    expect(matkaSettingsChange({ ...f, jodi: '100' }, settings)).toEqual({
      error: 'Jodi at 100.00× leaves the house no edge',
    });
    expect(matkaSettingsChange({ ...f, fullSangam: '27777.78' }, settings)).toEqual({
      error: 'Full sangam at 27777.78× leaves the house no edge',
    });
    expect(matkaSettingsChange({ ...f, triplePanna: '0.99' }, settings)).toEqual({
      error: 'Triple panna must pay at least 1×',
    });
    expect(matkaSettingsChange({ ...f, jodi: '95.001' }, settings)).toEqual({
      error: 'Jodi: a multiplier with at most two decimals',
    });
    expect(matkaSettingsChange({ ...f, minPoints: '10.5' }, settings)).toEqual({ error: 'Min points: whole rupees' });
    expect(matkaSettingsChange({ ...f, minPoints: '0' }, settings)).toEqual({ error: 'Min points must be above zero' });
    expect(matkaSettingsChange({ ...f, minPoints: '500', maxPoints: '100' }, settings)).toEqual({
      error: 'Max points must be at least the min points',
    });
  });
});
