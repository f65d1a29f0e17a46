/**
 * Exchange risk: the liability limits (each market type's default, built in or set, then the markets set apart, with a
 * form for each) and the sure positions flagged (players whose open bets on a match could not lose).
 */
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type Column } from '@/components/DataTable';
import { formatInr } from '@/lib/money';
import { useExchangeLimits, useSureAlerts, type ExchangeLimit, type ExchangeMarketType } from '../api/exchange-risk';
import { DefaultLimitsForm, LimitActions, MarketLimitsForm } from '../components/ExchangeLimitForms';
import { QueryState } from '../components/QueryState';
import { splitLimits, typeLabel } from '../exchange-limits';
import { dateTime } from '../format';
import { Card } from '@/components/Card';
import { AdminPage } from '../components/AdminPage';

const tone = (v: number) => (v > 0 ? 'pos' : v < 0 ? 'neg' : '');

function SetOn({ row }: { row: ExchangeLimit }) {
  const { t } = useTranslation('adminExchange');
  if (row.updatedAt === null) return <span className="status status-pending">{t('limits.builtIn')}</span>;
  return <span>{t('limits.setOn', { date: dateTime(row.updatedAt) })}</span>;
}

/** A limits table's columns: its own first ones, then the two amounts, when set, and the actions. */
function limitColumns(
  t: TFunction<'adminExchange'>,
  first: Column<ExchangeLimit>[],
  actions: (r: ExchangeLimit) => ReactNode,
): Column<ExchangeLimit>[] {
  return [
    ...first,
    { label: t('col.market'), num: true, cell: (r) => formatInr(r.maxLiability) },
    { label: t('col.player'), num: true, cell: (r) => formatInr(r.maxPlayerLiability) },
    { label: t('col.set'), cell: (r) => <SetOn row={r} /> },
    { label: '', cell: actions },
  ];
}

function DefaultsTable({
  rows,
  editing,
  onEdit,
}: {
  rows: ExchangeLimit[];
  editing: ExchangeMarketType | null;
  onEdit: (t: ExchangeMarketType) => void;
}) {
  const { t } = useTranslation('adminExchange');
  return (
    <DataTable
      testId="exchange-default-limits"
      rows={rows}
      rowKey={(r) => r.marketType}
      row={(r) => ({ 'data-testid': `limit-default-${r.marketType}` })}
      empty={t('limits.none')}
      columns={limitColumns(t, [{ label: t('col.marketType'), cell: (r) => <b>{typeLabel(r.marketType)}</b> }], (r) => (
        <LimitActions row={r} onEdit={() => onEdit(r.marketType)} editing={editing === r.marketType} />
      ))}
    />
  );
}

function MarketsTable({ rows }: { rows: ExchangeLimit[] }) {
  const { t } = useTranslation('adminExchange');
  return (
    <DataTable
      testId="exchange-market-limits"
      rows={rows}
      rowKey={(r) => `${r.marketType}:${r.marketId}`}
      row={(r) => ({ 'data-testid': `limit-market-${r.marketId}` })}
      empty={t('markets.none')}
      columns={limitColumns(
        t,
        [
          { label: t('col.marketType'), cell: (r) => typeLabel(r.marketType) },
          { label: t('col.marketId'), cell: (r) => <span className="mono">{r.marketId}</span> },
        ],
        (r) => (
          <LimitActions row={r} />
        ),
      )}
    />
  );
}

function SureAlerts() {
  const { t } = useTranslation('adminExchange');
  const q = useSureAlerts();
  const alerts = q.data?.alerts ?? [];
  return (
    <Card id="exchange-alerts" title={t('alerts.title')} hint={t('alerts.hint')}>
      <QueryState isPending={q.isPending} error={q.data ? null : q.error} what={t('admin:what.sureAlerts')} />
      {q.data && (
        <DataTable
          testId="exchange-alerts-table"
          rows={alerts}
          rowKey={(a) => a.id}
          row={(a) => ({ 'data-testid': `sure-alert-${a.id}` })}
          empty={t('alerts.empty')}
          columns={[
            { label: t('alerts.col.when'), cell: (a) => dateTime(a.createdAt) },
            {
              label: t('alerts.col.user'),
              cell: (a) => (
                <Link to={`/admin/money/users/${encodeURIComponent(String(a.userId))}`}>{String(a.userId)}</Link>
              ),
            },
            {
              label: t('alerts.col.match'),
              td: () => ({ className: 'wrap' }),
              cell: (a) => (
                <span>
                  {a.matchName || '—'} <span className="muted small">#{a.matchId}</span>
                </span>
              ),
            },
            {
              label: t('alerts.col.bets'),
              num: true,
              td: (a) => ({ title: (a.bets ?? []).join(', ') }),
              cell: (a) => (a.bets ?? []).length,
            },
            {
              label: t('alerts.col.worst'),
              num: true,
              td: (a) => ({ className: tone(a.worst) }),
              cell: (a) => formatInr(a.worst),
            },
            {
              label: t('alerts.col.best'),
              num: true,
              td: (a) => ({ className: tone(a.best) }),
              cell: (a) => formatInr(a.best),
            },
          ]}
        />
      )}
    </Card>
  );
}

export default function ExchangeRiskScreen() {
  const { t } = useTranslation('adminExchange');
  const q = useExchangeLimits();
  const [editing, setEditing] = useState<ExchangeMarketType | null>(null);
  const { defaults, markets } = splitLimits(q.data?.limits);
  const edited = defaults.find((r) => r.marketType === editing);
  return (
    <AdminPage id="exchange-risk-title" title={t('title')}>
      <Card id="exchange-limits" title={t('limits.title')} hint={t('limits.hint')}>
        <QueryState isPending={q.isPending} error={q.data ? null : q.error} what={t('admin:what.exchangeLimits')} />
        {q.data && (
          <DefaultsTable rows={defaults} editing={editing} onEdit={(mt) => setEditing((e) => (e === mt ? null : mt))} />
        )}
      </Card>
      {/* A changed row (a save elsewhere, a reset) restarts the form from it. */}
      {edited && (
        <DefaultLimitsForm
          key={`${edited.marketType}:${edited.updatedAt}`}
          row={edited}
          onClose={() => setEditing(null)}
        />
      )}
      {q.data && (
        <Card id="exchange-markets" title={t('markets.title')} hint={t('markets.hint')}>
          <MarketsTable rows={markets} />
        </Card>
      )}
      {q.data && <MarketLimitsForm />}
      <SureAlerts />
    </AdminPage>
  );
}
