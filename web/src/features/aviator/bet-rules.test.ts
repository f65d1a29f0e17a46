import { describe, expect, it } from 'vitest';
import { parseAutoCashout, validateBet } from './bet-rules';

describe('aviator bet checks', () => {
  it('accepts a positive stake within the balance while connected', () => {
    expect(validateBet(100, 500, true, null)).toBeNull();
    expect(validateBet(100, 500, true, 1.01)).toBeNull();
  });
  it('uses the spec messages', () => {
    expect(validateBet(0, 500, true, null)).toBe('Please enter a valid bet amount');
    expect(validateBet(Number.NaN, 500, true, null)).toBe('Please enter a valid bet amount');
    expect(validateBet(600, 500, true, null)).toBe('Insufficient Balance');
    expect(validateBet(100, 500, false, null)).toBe('Not connected to game server');
  });
  it('rejects more than two decimals and an auto cash-out below 1.01', () => {
    expect(validateBet(10.005, 500, true, null)).toBe('Please enter a valid bet amount');
    expect(validateBet(100, 500, true, 1)).toMatch(/at least 1.01/);
  });
  it('parses auto cash-out only when enabled', () => {
    expect(parseAutoCashout(false, '2')).toBeNull();
    expect(parseAutoCashout(true, '')).toBeNull();
    expect(parseAutoCashout(true, '2.5')).toBe(2.5);
  });
});
