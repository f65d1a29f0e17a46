import { describe, expect, it } from 'vitest';
import { isCheckable, isFairGame, parseRound } from './games';

describe('fairness inputs', () => {
  it('knows the three round games, and Mines and Matka apart from them', () => {
    expect(isFairGame('titli')).toBe(true);
    expect(isFairGame('andar_bahar')).toBe(true);
    expect(isFairGame('aviator')).toBe(false);
    expect(isFairGame(null)).toBe(false);
    expect(isFairGame('mines')).toBe(false);
    expect(isCheckable('mines')).toBe(true);
    expect(isCheckable('color')).toBe(true);
    expect(isCheckable('aviator')).toBe(false);
    expect(isFairGame('matka')).toBe(false);
    expect(isCheckable('matka')).toBe(true);
  });
  it('parses round ids', () => {
    expect(parseRound('42')).toBe(42);
    expect(parseRound(' 7 ')).toBe(7);
    expect(parseRound('0')).toBeNull();
    expect(parseRound('4.2')).toBeNull();
    expect(parseRound('-3')).toBeNull();
    expect(parseRound(null)).toBeNull();
  });
});
