import { describe, expect, it } from 'vitest';
import { cardLabel, isRed, latestBets, rankOf, rowCells, suitOf, tableCards } from './cards';
import type { Bets2Row } from './wire';

describe('cards', () => {
  it('formats rank and suit', () => {
    expect(cardLabel(0)).toBe('A♠');
    expect(cardLabel(9)).toBe('10♠');
    expect(cardLabel(12)).toBe('K♠');
    expect(cardLabel(13)).toBe('A♥');
    expect(cardLabel(36)).toBe('J♦');
    expect(cardLabel(51)).toBe('K♣');
    expect(cardLabel(52)).toBe('?');
    expect(rankOf(27)).toBe(1);
    expect(suitOf(27)).toBe(2);
  });
  it('colours hearts and diamonds red', () => {
    expect([0, 13, 26, 39].map(isRed)).toEqual([false, true, true, false]);
  });
});

describe('table rows', () => {
  it('adds steps that came after the partial result', () => {
    const partial = { joker: 5, andar: [1], bahar: [2], winner: null };
    const steps = [
      { card: 1, side: 'Andar' as const },
      { card: 2, side: 'Bahar' as const },
      { card: 3, side: 'Andar' as const },
    ];
    expect(tableCards(partial, steps)).toEqual({ joker: 5, andar: [1, 3], bahar: [2], winner: null });
  });
  it('builds from steps alone, stops at a gap, and trusts a full result', () => {
    const steps = [{ card: 7, side: 'Andar' as const }, undefined, { card: 9, side: 'Andar' as const }];
    expect(tableCards(null, steps)).toEqual({ joker: null, andar: [7], bahar: [], winner: null });
    const full = { joker: 18, andar: [1, 31], bahar: [2], winner: 'Andar' as const };
    expect(tableCards(full, [])).toEqual(full);
  });
  it('keeps 14 cells and grows past them', () => {
    expect(rowCells([4, 5])).toHaveLength(14);
    expect(rowCells([4, 5]).slice(0, 3)).toEqual([4, 5, null]);
    expect(rowCells(Array.from({ length: 16 }, (_, i) => i))).toHaveLength(16);
  });
});

describe('my bets', () => {
  const row = (roundId: number, createdAt: string): Bets2Row => ({
    roundId,
    ticket: 1,
    label: 'Andar',
    stake: 100,
    odds: 1.9,
    profit: 0,
    payout: 0,
    isWin: 'pending',
    createdAt,
  });
  it('keeps the last ten, newest first', () => {
    const rows = Array.from({ length: 12 }, (_, i) => row(i + 1, new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()));
    const latest = latestBets(rows);
    expect(latest).toHaveLength(10);
    expect(latest[0]!.roundId).toBe(12);
    expect(latest[9]!.roundId).toBe(3);
    expect(latestBets(undefined)).toEqual([]);
  });
});
