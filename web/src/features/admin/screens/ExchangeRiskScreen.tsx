/**
 * Exchange risk: the liability limits (each market type's default, built in or set, then the markets set apart, with a
 * form for each) and the sure positions flagged (players whose open bets on a match could not lose).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInr } from '@/lib/money';
import { useExchangeLimits, useSureAlerts, type ExchangeLimit, type ExchangeMarketType } from '../api/exchange-risk';
import { EmptyRow } from '@/components/EmptyRow';
import { DefaultLimitsForm, LimitActions, MarketLimitsForm } from '../components/ExchangeLimitForms';
import { QueryState } from '../components/QueryState';
import { splitLimits, typeLabel } from '../exchange-limits';
import { dateTime } from '../format';

const tone = (v: number) => (v > 0 ? 'pos' : v < 0 ? 'neg' : '');

function SetOn({ row }: { row: ExchangeLimit }) {
  const { t } = useTranslation('adminExchange');
  if (row.updatedAt === null) return <span className="status status-pending">{t('limits.builtIn')}</span>;
  return <span>{t('limits.setOn', { date: dateTime(row.updatedAt) })}</span>;
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
    <div className="table-wrap">
      <table className="table admin-table" data-testid="exchange-default-limits">
        <thead>
          <tr>
            <th>{t('col.marketType')}</th>
            <th className="num">{t('col.market')}</th>
            <th className="num">{t('col.player')}</th>
            <th>{t('col.set')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.marketType} data-testid={`limit-default-${r.marketType}`}>
              <td data-label={t('col.marketType')}>
                <b>{typeLabel(r.marketType)}</b>
              </td>
              <td data-label={t('col.market')} className="num">
                {formatInr(r.maxLiability)}
              </td>
              <td data-label={t('col.player')} className="num">
                {formatInr(r.maxPlayerLiability)}
              </td>
              <td data-label={t('col.set')}>
                <SetOn row={r} />
              </td>
              <td data-label="">
                <LimitActions row={r} onEdit={() => onEdit(r.marketType)} editing={editing === r.marketType} />
              </td>
            </tr>
          ))}
          {rows.length === 0 && <EmptyRow cols={5}>{t('limits.none')}</EmptyRow>}
        </tbody>
      </table>
    </div>
  );
}

function MarketsTable({ rows }: { rows: ExchangeLimit[] }) {
  const { t } = useTranslation('adminExchange');
  return (
    <div className="table-wrap">
      <table className="table admin-table" data-testid="exchange-market-limits">
        <thead>
          <tr>
            <th>{t('col.marketType')}</th>
            <th>{t('col.marketId')}</th>
            <th className="num">{t('col.market')}</th>
            <th className="num">{t('col.player')}</th>
            <th>{t('col.set')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.marketType}:${r.marketId}`} data-testid={`limit-market-${r.marketId}`}>
              <td data-label={t('col.marketType')}>{typeLabel(r.marketType)}</td>
              <td data-label={t('col.marketId')}>
                <span className="mono">{r.marketId}</span>
              </td>
              <td data-label={t('col.market')} className="num">
                {formatInr(r.maxLiability)}
              </td>
              <td data-label={t('col.player')} className="num">
                {formatInr(r.maxPlayerLiability)}
              </td>
              <td data-label={t('col.set')}>
                <SetOn row={r} />
              </td>
              <td data-label="">
                <LimitActions row={r} />
              </td>
            </tr>
          ))}
          {rows.length === 0 && <EmptyRow cols={6}>{t('markets.none')}</EmptyRow>}
        </tbody>
      </table>
    </div>
  );
}

function SureAlerts() {
  const { t } = useTranslation('adminExchange');
  const q = useSureAlerts();
  const alerts = q.data?.alerts ?? [];
  return (
    <section className="card" aria-labelledby="exchange-alerts">
      <h2 id="exchange-alerts" className="card-title">
        {t('alerts.title')}
      </h2>
      <p className="hint">{t('alerts.hint')}</p>
      <QueryState isPending={q.isPending} error={q.data ? null : q.error} what={t('admin:what.sureAlerts')} />
      {q.data && (
        <div className="table-wrap">
          <table className="table admin-table" data-testid="exchange-alerts-table">
            <thead>
              <tr>
                <th>{t('alerts.col.when')}</th>
                <th>{t('alerts.col.user')}</th>
                <th>{t('alerts.col.match')}</th>
                <th className="num">{t('alerts.col.bets')}</th>
                <th className="num">{t('alerts.col.worst')}</th>
                <th className="num">{t('alerts.col.best')}</th>
              </tr>
            </thead>
            <tbody>
              {alerts.map((a) => (
                <tr key={a.id} data-testid={`sure-alert-${a.id}`}>
                  <td data-label={t('alerts.col.when')}>{dateTime(a.createdAt)}</td>
                  <td data-label={t('alerts.col.user')}>
                    <Link to={`/admin/money/users/${encodeURIComponent(String(a.userId))}`}>{String(a.userId)}</Link>
                  </td>
                  <td data-label={t('alerts.col.match')} className="wrap">
                    <span>
                      {a.matchName || '—'} <span className="muted small">#{a.matchId}</span>
                    </span>
                  </td>
                  <td data-label={t('alerts.col.bets')} className="num" title={(a.bets ?? []).join(', ')}>
                    {(a.bets ?? []).length}
                  </td>
                  <td data-label={t('alerts.col.worst')} className={`num ${tone(a.worst)}`}>
                    {formatInr(a.worst)}
                  </td>
                  <td data-label={t('alerts.col.best')} className={`num ${tone(a.best)}`}>
                    {formatInr(a.best)}
                  </td>
                </tr>
              ))}
              {alerts.length === 0 && <EmptyRow cols={6}>{t('alerts.empty')}</EmptyRow>}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default function ExchangeRiskScreen() {
  const { t } = useTranslation('adminExchange');
  const q = useExchangeLimits();
  const [editing, setEditing] = useState<ExchangeMarketType | null>(null);
  const { defaults, markets } = splitLimits(q.data?.limits);
  const edited = defaults.find((r) => r.marketType === editing);
  return (
    <section className="admin-page" aria-labelledby="exchange-risk-title">
      <div className="admin-head">
        <h1 id="exchange-risk-title" className="page-title">
          {t('title')}
        </h1>
      </div>
      <section className="card" aria-labelledby="exchange-limits">
        <h2 id="exchange-limits" className="card-title">
          {t('limits.title')}
        </h2>
        <p className="hint">{t('limits.hint')}</p>
        <QueryState isPending={q.isPending} error={q.data ? null : q.error} what={t('admin:what.exchangeLimits')} />
        {q.data && (
          <DefaultsTable rows={defaults} editing={editing} onEdit={(mt) => setEditing((e) => (e === mt ? null : mt))} />
        )}
      </section>
      {/* A changed row (a save elsewhere, a reset) restarts the form from it. */}
      {edited && (
        <DefaultLimitsForm
          key={`${edited.marketType}:${edited.updatedAt}`}
          row={edited}
          onClose={() => setEditing(null)}
        />
      )}
      {q.data && (
        <section className="card" aria-labelledby="exchange-markets">
          <h2 id="exchange-markets" className="card-title">
            {t('markets.title')}
          </h2>
          <p className="hint">{t('markets.hint')}</p>
          <MarketsTable rows={markets} />
        </section>
      )}
      {q.data && <MarketLimitsForm />}
      <SureAlerts />
    </section>
  );
}
