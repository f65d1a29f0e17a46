/** One actor: its recent timings as a chart, its figures, and for a table its round, phase and open bets. */
import { Link, useParams } from 'react-router';
import { formatInr } from '@/lib/money';
import { figureEntries, formatCount, formatIdle, formatMs, formatRate, healthOf } from '../actors';
import { useActorDetail } from '../api/actors';
import type { TableDetail } from '../api/types';
import { ActorChart } from '../components/ActorChart';
import { HealthBadge } from '../components/Badges';
import { QueryState } from '../components/QueryState';
import { EmptyRow } from '../components/EmptyRow';

function isTableDetail(d: unknown): d is TableDetail {
  return !!d && typeof d === 'object' && 'phase' in d && Array.isArray((d as { bets?: unknown }).bets);
}

function OpenBets({ detail }: { detail: TableDetail }) {
  return (
    <div className="card" data-testid="table-detail">
      <h2 className="card-title">Table</h2>
      <dl className="kv">
        <dt>Round</dt>
        <dd data-testid="detail-round">{String(detail.round)}</dd>
        <dt>Phase</dt>
        <dd data-testid="detail-phase">{detail.phase}</dd>
        <dt>Open bets</dt>
        <dd>{detail.bets.length}</dd>
      </dl>
      <div className="table-wrap">
        <table className="table admin-table">
          <thead>
            <tr>
              <th>Player</th>
              <th>Slot</th>
              <th>Stake</th>
              <th>Auto cash-out</th>
              <th>State</th>
            </tr>
          </thead>
          <tbody>
            {detail.bets.map((b) => (
              <tr key={`${b.user}-${b.slot}`}>
                <td data-label="Player">
                  <Link to={`/admin/money/users/${encodeURIComponent(String(b.user))}`}>{b.name || String(b.user)}</Link>
                </td>
                <td data-label="Slot">{b.slot}</td>
                <td data-label="Stake">{formatInr(b.stake)}</td>
                <td data-label="Auto cash-out">{b.autoCashout ? `${b.autoCashout.toFixed(2)}×` : '—'}</td>
                <td data-label="State">{b.state}</td>
              </tr>
            ))}
            {detail.bets.length === 0 && (
              <EmptyRow cols={5}>No open bets.</EmptyRow>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export default function ActorDetailScreen() {
  const { id = '' } = useParams();
  const q = useActorDetail(id);
  const a = q.data?.actor;
  const detail = q.data?.detail;
  return (
    <section className="admin-page" aria-labelledby="actor-title">
      <Link to="/admin" className="back-link">
        ← All actors
      </Link>
      <div className="admin-head">
        <h1 id="actor-title" className="page-title">
          {a?.name ?? id}
        </h1>
        {a && <HealthBadge health={healthOf(a)} />}
        {a && <span className="muted small">{a.family}</span>}
      </div>
      <QueryState isPending={q.isPending} error={q.data ? null : q.error} what="Actor" />
      {a && (
        <>
          <div className="detail-grid">
            <div className="card">
              <ActorChart history={q.data?.history ?? []} ticks={a.family === 'table'} />
            </div>
            <div className="card">
              <h2 className="card-title">Figures</h2>
              <dl className="kv kv-wide" data-testid="actor-detail-figures">
                <dt>Handled</dt>
                <dd data-testid="detail-handled">{formatCount(a.handled)}</dd>
                <dt>Mailbox</dt>
                <dd>{formatCount(a.mailbox)}</dd>
                <dt>Rate</dt>
                <dd>{formatRate(a.rate)} msg/s</dd>
                <dt>Queue p50 / p99</dt>
                <dd>
                  {formatMs(a.queueP50Ms)} / {formatMs(a.queueP99Ms)} ms
                </dd>
                <dt>Handler p50 / p99</dt>
                <dd>
                  {formatMs(a.handlerP50Ms)} / {formatMs(a.handlerP99Ms)} ms
                </dd>
                {a.family === 'table' && (
                  <>
                    <dt>Tick lag p50 / p99</dt>
                    <dd>
                      {formatMs(a.tickLagP50Ms)} / {formatMs(a.tickLagP99Ms)} ms
                    </dd>
                  </>
                )}
                <dt>Idle</dt>
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
    </section>
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
