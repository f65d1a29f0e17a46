/** One actor: its recent timings as a chart, its figures, and for a table its round, phase and open bets. */
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatInr } from '@/lib/money';
import { figureEntries, formatCount, formatIdle, formatMs, formatRate, healthOf } from '../actors';
import { useActorDetail } from '../api/actors';
import type { TableDetail } from '../api/types';
import { ActorChart } from '../components/ActorChart';
import { HealthBadge } from '../components/Badges';
import { QueryState } from '../components/QueryState';
import { EmptyRow } from '@/components/EmptyRow';
import { AdminPage } from '../components/AdminPage';

function isTableDetail(d: unknown): d is TableDetail {
  return !!d && typeof d === 'object' && 'phase' in d && Array.isArray((d as { bets?: unknown }).bets);
}

function OpenBets({ detail }: { detail: TableDetail }) {
  const { t } = useTranslation('admin');
  return (
    <div className="card" data-testid="table-detail">
      <h2 className="card-title">{t('actor.table')}</h2>
      <dl className="kv">
        <dt>{t('actor.round')}</dt>
        <dd data-testid="detail-round">{String(detail.round)}</dd>
        <dt>{t('actor.phase')}</dt>
        <dd data-testid="detail-phase">{t(`values.phase.${detail.phase}`, { defaultValue: detail.phase })}</dd>
        <dt>{t('actor.openBets')}</dt>
        <dd>{detail.bets.length}</dd>
      </dl>
      <div className="table-wrap">
        <table className="table admin-table">
          <thead>
            <tr>
              <th>{t('actor.player')}</th>
              <th>{t('actor.slot')}</th>
              <th>{t('actor.stake')}</th>
              <th>{t('actor.autoCashout')}</th>
              <th>{t('actor.state')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.bets.map((b) => (
              <tr key={`${b.user}-${b.slot}`}>
                <td data-label={t('actor.player')}>
                  <Link to={`/admin/money/users/${encodeURIComponent(String(b.user))}`}>
                    {b.name || String(b.user)}
                  </Link>
                </td>
                <td data-label={t('actor.slot')}>{b.slot}</td>
                <td data-label={t('actor.stake')}>{formatInr(b.stake)}</td>
                <td data-label={t('actor.autoCashout')}>{b.autoCashout ? `${b.autoCashout.toFixed(2)}×` : '—'}</td>
                <td data-label={t('actor.state')}>{t(`values.betState.${b.state}`, { defaultValue: b.state })}</td>
              </tr>
            ))}
            {detail.bets.length === 0 && <EmptyRow cols={5}>{t('actor.noOpenBets')}</EmptyRow>}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export default function ActorDetailScreen() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const q = useActorDetail(id);
  const a = q.data?.actor;
  const detail = q.data?.detail;
  return (
    <AdminPage
      id="actor-title"
      title={a?.name ?? id}
      top={
        <Link to="/admin" className="back-link">
          {t('actor.back')}
        </Link>
      }
      head={
        <>
          {a && <HealthBadge health={healthOf(a)} />}
          {a && <span className="muted small">{a.family}</span>}
        </>
      }
    >
      <QueryState isPending={q.isPending} error={q.data ? null : q.error} what={t('what.actor')} />
      {a && (
        <>
          <div className="detail-grid">
            <div className="card">
              <ActorChart history={q.data?.history ?? []} ticks={a.family === 'table'} />
            </div>
            <div className="card">
              <h2 className="card-title">{t('actor.figures')}</h2>
              <dl className="kv kv-wide" data-testid="actor-detail-figures">
                <dt>{t('actor.handled')}</dt>
                <dd data-testid="detail-handled">{formatCount(a.handled)}</dd>
                <dt>{t('actor.mailbox')}</dt>
                <dd>{formatCount(a.mailbox)}</dd>
                <dt>{t('actor.rate')}</dt>
                <dd>{t('actor.rateValue', { rate: formatRate(a.rate) })}</dd>
                <dt>{t('actor.queue')}</dt>
                <dd>{t('actor.msPair', { p50: formatMs(a.queueP50Ms), p99: formatMs(a.queueP99Ms) })}</dd>
                <dt>{t('actor.handler')}</dt>
                <dd>{t('actor.msPair', { p50: formatMs(a.handlerP50Ms), p99: formatMs(a.handlerP99Ms) })}</dd>
                {a.family === 'table' && (
                  <>
                    <dt>{t('actor.tickLag')}</dt>
                    <dd>{t('actor.msPair', { p50: formatMs(a.tickLagP50Ms), p99: formatMs(a.tickLagP99Ms) })}</dd>
                  </>
                )}
                <dt>{t('actor.idle')}</dt>
                <dd>{formatIdle(a.idleMs)}</dd>
                {figureEntries(a.figures).map(([k, v]) => (
                  <FigureRow key={k} k={k} v={v} />
                ))}
              </dl>
            </div>
          </div>
          {isTableDetail(detail) && <OpenBets detail={detail} />}
        </>
      )}
    </AdminPage>
  );
}

function FigureRow({ k, v }: { k: string; v: string }) {
  return (
    <>
      <dt>{k}</dt>
      <dd>{v}</dd>
    </>
  );
}
