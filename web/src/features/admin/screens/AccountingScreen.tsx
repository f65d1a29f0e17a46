/**
 * Accounting: per IST day and game the bets settled (turnover, payouts, GGR), and per day the ledger's adjustments,
 * NGR, deposits and withdrawals; the range's totals with the reconciliation against the ledger; the same as CSV.
 * docs/OPERATORS.md ("Accounting") defines every figure.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/DataTable';
import { formatInr } from '@/lib/money';
import { Card } from '@/components/Card';
import { ACCOUNTING_MAX_DAYS, accountingCsvUrl, useAccounting, type AccountingTotals } from '../api/accounting';
import { accountingRows, betFigures, rowKey, spanDays, unreconciledDays, type AccountingRow } from '../accounting';
import { addDays, istDate, rangeQuery } from '../hold';
import { QueryState } from '../components/QueryState';
import { AdminPage } from '../components/AdminPage';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const tone = (v: number) => (v > 0 ? 'pos' : v < 0 ? 'neg' : '');

/** The range's figures, each with its name: what the bets say, what the ledger says, and how they agree. */
const TOTALS: (keyof AccountingTotals)[] = [
  'turnover',
  'payouts',
  'ggr',
  'adjustments',
  'ngr',
  'deposits',
  'withdrawals',
  'ledgerGgr',
  'unreconciled',
  'playPoints',
  'fixtures',
  'other',
  'playersChange',
];

export default function AccountingScreen() {
  const { t } = useTranslation('adminAccounting');
  const [today] = useState(() => istDate(Date.now()));
  const [first, setFirst] = useState(() => addDays(today, -6));
  const [last, setLast] = useState(today);
  const span = DATE.test(first) && DATE.test(last) ? spanDays(first, last) : 0;
  const valid = span > 0 && span <= ACCOUNTING_MAX_DAYS;
  const range = rangeQuery(first, last);
  const q = useAccounting(range, valid);
  const r = valid ? q.data : undefined;
  const preset = (n: number) => {
    setFirst(addDays(today, 1 - n));
    setLast(today);
  };
  const name = (game: string) => t(`game.${game}`, { defaultValue: game });
  const dayOnly = (r: AccountingRow, f: (t: AccountingTotals) => number) =>
    r.kind === 'total' ? formatInr(f(r.totals)) : '';
  const off = r ? unreconciledDays(r.days) : [];
  return (
    <AdminPage
      id="accounting-title"
      title={t('title')}
      head={q.isFetching && <span className="muted small">{t('refreshing')}</span>}
    >
      <p className="hint">{t('intro')}</p>
      <div className="form-row">
        <div className="field">
          <label htmlFor="accounting-from">{t('range.from')}</label>
          <input
            id="accounting-from"
            type="date"
            value={first}
            max={today}
            onChange={(e) => setFirst(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="accounting-to">{t('range.to')}</label>
          <input id="accounting-to" type="date" value={last} max={today} onChange={(e) => setLast(e.target.value)} />
        </div>
        <div className="decision-buttons">
          <button type="button" className="btn btn-small btn-outline" onClick={() => preset(1)}>
            {t('range.today')}
          </button>
          <button type="button" className="btn btn-small btn-outline" onClick={() => preset(7)}>
            {t('range.week')}
          </button>
          <button type="button" className="btn btn-small btn-outline" onClick={() => preset(30)}>
            {t('range.month')}
          </button>
          {valid && (
            <a className="btn btn-small" href={accountingCsvUrl(range)} download data-testid="accounting-csv">
              {t('csv')}
            </a>
          )}
        </div>
      </div>
      {!valid && (
        <p className="form-error" role="alert">
          {span === 0 ? t('range.invalid') : t('range.tooLong', { days: ACCOUNTING_MAX_DAYS })}
        </p>
      )}
      {valid && <QueryState isPending={q.isPending} error={r ? null : q.error} what={t('title')} />}
      {r && (
        <>
          <p role="status" className={off.length ? 'form-error' : 'muted'} data-testid="accounting-reconciled">
            {off.length ? t('reconciled.off', { days: off.join(', ') }) : t('reconciled.ok')}
          </p>
          <Card id="accounting-daily" title={t('daily.title')} hint={t('daily.hint')}>
            <DataTable
              testId="accounting-daily"
              rows={accountingRows(r.days)}
              rowKey={rowKey}
              row={(row) => ({
                'data-testid': `accounting-${rowKey(row)}`,
                className: row.kind === 'total' ? 'row-total' : undefined,
              })}
              columns={[
                { label: t('col.day'), cell: (row) => row.day },
                { label: t('col.game'), cell: (row) => (row.kind === 'game' ? name(row.game.game) : t('dayTotal')) },
                { label: t('col.bets'), num: true, cell: (row) => betFigures(row).bets },
                { label: t('col.turnover'), num: true, cell: (row) => formatInr(betFigures(row).turnover) },
                { label: t('col.payouts'), num: true, cell: (row) => formatInr(betFigures(row).payouts) },
                {
                  label: t('col.ggr'),
                  num: true,
                  td: (row) => ({ className: tone(betFigures(row).ggr) }),
                  cell: (row) => formatInr(betFigures(row).ggr),
                },
                { label: t('col.adjustments'), num: true, cell: (row) => dayOnly(row, (x) => x.adjustments) },
                { label: t('col.ngr'), num: true, cell: (row) => dayOnly(row, (x) => x.ngr) },
                { label: t('col.deposits'), num: true, cell: (row) => dayOnly(row, (x) => x.deposits) },
                { label: t('col.withdrawals'), num: true, cell: (row) => dayOnly(row, (x) => x.withdrawals) },
              ]}
            />
          </Card>
          <Card id="accounting-totals" title={t('totals.title')} hint={t('totals.hint')}>
            <DataTable
              testId="accounting-totals"
              rows={TOTALS}
              rowKey={(k) => k}
              row={(k) => ({ 'data-testid': `accounting-total-${k}` })}
              columns={[
                { label: t('col.figure'), cell: (k) => t(`col.${k}`) },
                { label: t('col.amount'), num: true, cell: (k) => formatInr(r.totals[k]) },
              ]}
            />
          </Card>
        </>
      )}
    </AdminPage>
  );
}
