/** Live actors: every actor in a sortable table, live over the socket (REST polling when it is down). */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { actorTestId, DEFAULT_SORT, figureEntries, formatCount, formatIdle, formatMs, formatRate, healthOf, nextSort, parseSort, sortActors, type Sort, type SortKey } from '../actors';
import { seg } from '../api/keys';
import type { ActorView } from '../api/types';
import { HealthBadge } from '../components/Badges';
import { QueryState } from '../components/QueryState';
import { SortTh } from '../components/SortTh';
import { timeOnly } from '../format';
import { useLiveActors } from '../hooks/use-live-actors';
import { EmptyRow } from '../components/EmptyRow';

function ActorRow({ a, onOpen }: { a: ActorView; onOpen: (a: ActorView) => void }) {
  const health = healthOf(a);
  const figures = figureEntries(a.figures);
  return (
    <tr
      className={`actor-row row-${health}`}
      data-testid={actorTestId(a)}
      data-handled={a.handled}
      tabIndex={0}
      onClick={() => onOpen(a)}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onOpen(a))}
      aria-label={`${a.name}: ${health}. Open details`}
    >
      <td className="actor-name" data-label="">
        <b>{a.name}</b>
        <span className="muted small"> {formatCount(a.handled)} handled</span>
      </td>
      <td data-label="Family" className="actor-family">{a.family}</td>
      <td data-label="Status" className="actor-status">
        <HealthBadge health={health} />
      </td>
      <td className="num" data-label="Mailbox">{formatCount(a.mailbox)}</td>
      <td className="num" data-label="Rate/s">{formatRate(a.rate)}</td>
      <td className="num" data-label="Queue p50/p99">
        {formatMs(a.queueP50Ms)} / {formatMs(a.queueP99Ms)}
      </td>
      <td className="num" data-label="Handler p50/p99">
        {formatMs(a.handlerP50Ms)} / {formatMs(a.handlerP99Ms)}
      </td>
      <td className="num" data-label="Tick lag p99">{a.family === 'table' ? formatMs(a.tickLagP99Ms) : '—'}</td>
      <td className="num" data-label="Idle">{formatIdle(a.idleMs)}</td>
      <td className="figures" data-label="" data-testid="actor-figures">
        {figures.map(([k, v]) => (
          <span key={k} className="figure">
            <span className="muted">{k}</span> {v}
          </span>
        ))}
      </td>
    </tr>
  );
}

/** The sort choices for the phone layout, where the table's headers are hidden. */
const SORT_CHOICES: [string, string][] = [
  ['status:desc', 'Worst status first'],
  ['name:asc', 'Name'],
  ['family:asc', 'Family'],
  ['handlerP99Ms:desc', 'Handler p99 (slowest first)'],
  ['queueP99Ms:desc', 'Queue p99 (slowest first)'],
  ['tickLagP99Ms:desc', 'Tick lag p99 (worst first)'],
  ['mailbox:desc', 'Mailbox (fullest first)'],
  ['rate:desc', 'Rate (busiest first)'],
  ['idleMs:desc', 'Idle (longest first)'],
];

export default function ActorsScreen() {
  const { snapshot, source, error, isPending } = useLiveActors();
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const navigate = useNavigate();
  const rows = useMemo(() => sortActors(snapshot?.actors ?? [], sort), [snapshot, sort]);
  const counts = useMemo(() => {
    const c = { slow: 0, stuck: 0 };
    for (const a of snapshot?.actors ?? []) {
      const h = healthOf(a);
      if (h === 'slow' || h === 'stuck') c[h]++;
    }
    return c;
  }, [snapshot]);
  const onSort = (k: SortKey) => setSort((s) => nextSort(s, k));
  const open = (a: ActorView) => navigate(`/admin/actors/${seg(a.id)}`);

  return (
    <section className="admin-page" aria-labelledby="actors-title">
      <div className="admin-head">
        <h1 id="actors-title" className="page-title">
          Live actors
        </h1>
        <span className={`live-pill ${source}`} data-testid="actors-source">
          {source === 'socket' ? '● live' : '↻ polling every 2 s'}
        </span>
        {snapshot && <span className="muted small">at {timeOnly(snapshot.at)}</span>}
      </div>
      {(counts.slow > 0 || counts.stuck > 0) && (
        <p className="form-error" role="status">
          {counts.stuck > 0 && `${counts.stuck} stuck`}
          {counts.stuck > 0 && counts.slow > 0 && ', '}
          {counts.slow > 0 && `${counts.slow} slow`} — see the highlighted rows.
        </p>
      )}
      <label className="inline-field sort-select">
        <span className="muted small">Sort by</span>
        <select value={`${sort.key}:${sort.dir}`} onChange={(e) => setSort(parseSort(e.target.value))} aria-label="Sort actors by">
          {SORT_CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <QueryState isPending={isPending} error={snapshot ? null : error} what="Actors" />
      <div className="table-wrap">
        <table className="table admin-table actors-table" data-testid="actors-table">
          <thead>
            <tr>
              <SortTh label="Name" k="name" sort={sort} onSort={onSort} />
              <SortTh label="Family" k="family" sort={sort} onSort={onSort} />
              <SortTh label="Status" k="status" sort={sort} onSort={onSort} />
              <SortTh label="Mailbox" k="mailbox" sort={sort} onSort={onSort} title="Messages waiting" />
              <SortTh label="Rate/s" k="rate" sort={sort} onSort={onSort} title="Messages handled in the last second" />
              <SortTh label="Queue p50/p99 ms" k="queueP99Ms" sort={sort} onSort={onSort} />
              <SortTh label="Handler p50/p99 ms" k="handlerP99Ms" sort={sort} onSort={onSort} />
              <SortTh label="Tick lag p99" k="tickLagP99Ms" sort={sort} onSort={onSort} />
              <SortTh label="Idle" k="idleMs" sort={sort} onSort={onSort} />
              <th>Figures</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <ActorRow key={String(a.id)} a={a} onOpen={open} />
            ))}
            {snapshot && rows.length === 0 && (
              <EmptyRow cols={10}>No actors reported.</EmptyRow>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
