import { describe, expect, it } from 'vitest';
import { accountingRows, betFigures, rowKey, spanDays, unreconciledDays, type AccountingRow } from './accounting';
import type { AccountingDay, AccountingTotals } from './api/accounting';

const zero: AccountingTotals = {
  bets: 0,
  turnover: 0,
  payouts: 0,
  ggr: 0,
  ledgerGgr: 0,
  unreconciled: 0,
  adjustments: 0,
  ngr: 0,
  playPoints: 0,
  fixtures: 0,
  deposits: 0,
  withdrawals: 0,
  other: 0,
  playersChange: 0,
};
const mines = { game: 'mines', bets: 2, turnover: 200, payouts: 350.5, ggr: -150.5 };
const days: AccountingDay[] = [
  { day: '2026-03-01', games: [mines], totals: { ...zero, bets: 2, turnover: 200, payouts: 350.5, ggr: -150.5 } },
  { day: '2026-03-02', games: [], totals: { ...zero, ledgerGgr: 10, unreconciled: -10 } },
];

describe('accounting helpers', () => {
  it('counts the days of a range, both ends included, and refuses a backwards one', () => {
    expect(spanDays('2026-03-01', '2026-03-01')).toBe(1);
    expect(spanDays('2026-02-27', '2026-03-01')).toBe(3);
    expect(spanDays('2026-03-02', '2026-03-01')).toBe(0);
    expect(spanDays('nonsense', '2026-03-01')).toBe(0);
  });

  it("lists each day's games, then its total; a quiet day has only its total", () => {
    const rows = accountingRows(days);
    expect(rows.map(rowKey)).toEqual(['2026-03-01-mines', '2026-03-01-total', '2026-03-02-total']);
    const [game, total] = rows as [AccountingRow, AccountingRow];
    expect(betFigures(game)).toEqual(mines);
    expect(betFigures(total).ggr).toBe(-150.5);
  });

  it('names the days whose bets and ledger disagree', () => {
    expect(unreconciledDays(days)).toEqual(['2026-03-02']);
    expect(unreconciledDays(days.slice(0, 1))).toEqual([]);
  });
});
