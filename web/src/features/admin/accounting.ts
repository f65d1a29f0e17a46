/** The accounting screen's pure helpers: the range's length and the table's rows (each day's games, then its total). */
import type { AccountingDay, AccountingGame, AccountingTotals } from './api/accounting';

/** IST days from `first` to `last`, both included (0 when either is unreadable or `last` comes first). */
export function spanDays(first: string, last: string): number {
  const days = Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) + 1;
  return Number.isFinite(days) && days > 0 ? days : 0;
}

/** A row of the daily table: a game's settled bets, or the day's total with the ledger's figures. */
export type AccountingRow =
  { kind: 'game'; day: string; game: AccountingGame } | { kind: 'total'; day: string; totals: AccountingTotals };

/** Each day's games in the server's order, then the day's total; a day without bets shows only its total. */
export function accountingRows(days: AccountingDay[]): AccountingRow[] {
  return days.flatMap((d) => [
    ...d.games.map((game): AccountingRow => ({ kind: 'game', day: d.day, game })),
    { kind: 'total', day: d.day, totals: d.totals },
  ]);
}

/** The row's key in the table. */
export function rowKey(r: AccountingRow): string {
  return r.kind === 'game' ? `${r.day}-${r.game.game}` : `${r.day}-total`;
}

/** Bets, turnover, payouts and GGR of either kind of row. */
export function betFigures(r: AccountingRow): Pick<AccountingGame, 'bets' | 'turnover' | 'payouts' | 'ggr'> {
  return r.kind === 'game' ? r.game : r.totals;
}

/** Days whose bets and ledger disagree (a settlement committed on another IST day than its bets' decision). */
export function unreconciledDays(days: AccountingDay[]): string[] {
  return days.filter((d) => d.totals.unreconciled !== 0).map((d) => d.day);
}
