/**
 * Matka markets: the list with each market's current draw; a new market; for the chosen one its settings (name,
 * schedule, active) and a draw's book, a candidate result's cost, and the declarations of a declared market.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Market } from '../../matka/api/types';
import { useMatkaMarkets } from '../api/matka';
import { FlagBadge } from '../components/Badges';
import { EmptyRow } from '@/components/EmptyRow';
import { MatkaDrawPanel } from '../components/MatkaDrawPanel';
import { EditMarketForm, NewMarketForm } from '../components/MatkaMarketForms';
import { QueryState } from '../components/QueryState';
import { AdminPage } from '../components/AdminPage';

const result = (m: Market) => `${m.openNumber}-${m.jodiDigit}-${m.closeNumber}`;

function MarketRow({ m, chosen, onChoose }: { m: Market; chosen: boolean; onChoose: () => void }) {
  const { t } = useTranslation('adminGames');
  return (
    <tr data-testid={`matka-row-${m.id}`} data-name={m.marketName} className={chosen ? 'matka-chosen' : ''}>
      <td data-label={t('matka.col.market')}>
        <b>{m.marketName}</b> <span className="muted small">#{m.id}</span>
      </td>
      <td data-label={t('matka.col.results')}>
        {t(m.mode === 'drawn' ? 'admin:values.mode.drawn' : 'admin:values.mode.declared')}
      </td>
      <td data-label={t('matka.col.status')}>
        <span
          className={`status status-${m.closeStatus === 'Closed' ? 'rejected' : m.closeStatus === 'Close' ? 'pending' : 'approved'}`}
        >
          {t(`admin:values.closeStatus.${m.closeStatus}`, { defaultValue: m.closeStatus })}
        </span>
      </td>
      <td data-label={t('matka.col.openClose')}>
        {m.openTime} – {m.closeTime}
      </td>
      <td data-label={t('matka.col.draw')} className="num">
        {m.drawNo ?? '—'}
      </td>
      <td data-label={t('matka.col.result')} className="mono">
        {result(m)}
      </td>
      <td data-label={t('matka.col.lastResult')} className="mono">
        {m.lastResult ?? '—'}
      </td>
      <td data-label={t('matka.col.active')}>
        <FlagBadge on={!m.active} yes={t('admin:common.inactive')} no={t('admin:common.active')} />
      </td>
      <td data-label="">
        <button
          type="button"
          className="btn btn-small btn-outline"
          onClick={onChoose}
          aria-pressed={chosen}
          data-testid={`matka-manage-${m.id}`}
        >
          {chosen ? t('matka.managing') : t('matka.manage')}
        </button>
      </td>
    </tr>
  );
}

export default function MatkaScreen() {
  const { t } = useTranslation('adminGames');
  const q = useMatkaMarkets();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const markets = q.data?.markets ?? [];
  const chosenId = Number(params.get('market'));
  const chosen = markets.find((m) => m.id === chosenId);
  return (
    <AdminPage
      id="matka-title"
      title={t('matka.title')}
      head={
        <button
          type="button"
          className="btn btn-small btn-primary"
          onClick={() => setCreating(true)}
          disabled={creating}
          data-testid="matka-new"
        >
          {t('matka.newMarket')}
        </button>
      }
    >
      {creating && <NewMarketForm onClose={() => setCreating(false)} />}
      <section className="card">
        <QueryState isPending={q.isPending} error={q.data ? null : q.error} what={t('admin:what.markets')} />
        <div className="table-wrap">
          <table className="table admin-table" data-testid="matka-markets-table">
            <thead>
              <tr>
                <th>{t('matka.col.market')}</th>
                <th>{t('matka.col.results')}</th>
                <th>{t('matka.col.status')}</th>
                <th>{t('matka.col.openClose')}</th>
                <th className="num">{t('matka.col.draw')}</th>
                <th>{t('matka.col.result')}</th>
                <th>{t('matka.col.lastResult')}</th>
                <th>{t('matka.col.active')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {markets.map((m) => (
                <MarketRow
                  key={m.id}
                  m={m}
                  chosen={m.id === chosen?.id}
                  onChoose={() => setParams({ market: String(m.id) })}
                />
              ))}
              {q.data && markets.length === 0 && <EmptyRow cols={9}>{t('matka.empty')}</EmptyRow>}
            </tbody>
          </table>
        </div>
        <p className="hint">{t('matka.ratesHint')}</p>
      </section>
      {chosen && (
        <section
          className="card matka-manage"
          aria-label={t('matka.manageLabel', { market: chosen.marketName })}
          data-testid="matka-manage"
        >
          <div className="admin-head">
            <h2 className="card-title">
              {chosen.marketName}{' '}
              <span className="muted small">
                #{chosen.id} · {t(`admin:values.mode.${chosen.mode}`, { defaultValue: chosen.mode })}
              </span>
            </h2>
            <button type="button" className="btn btn-small btn-outline" onClick={() => setParams({})}>
              {t('admin:common.close')}
            </button>
          </div>
          {/* A changed row (a save, a new day) restarts the forms from it. */}
          <EditMarketForm
            key={`${chosen.id}:${chosen.marketName}:${chosen.active}:${chosen.openTime.length}`}
            market={chosen}
          />
          <MatkaDrawPanel key={chosen.id} market={chosen} now={q.data?.serverTime ?? 0} />
        </section>
      )}
    </AdminPage>
  );
}
