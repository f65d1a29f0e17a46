/** Live actors: every actor in a sortable table, live over the socket (REST polling when it is down). */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  actorTestId,
  DEFAULT_SORT,
  figureEntries,
  formatCount,
  formatIdle,
  formatMs,
  formatRate,
  healthOf,
  nextSort,
  parseSort,
  sortActors,
  type Sort,
  type SortKey,
} from '../actors';
import { seg } from '../api/keys';
import type { ActorView } from '../api/types';
import { HealthBadge } from '../components/Badges';
import { QueryState } from '../components/QueryState';
import { SortTh } from '../components/SortTh';
import { timeOnly } from '../format';
import { useLiveActors } from '../hooks/use-live-actors';
import { EmptyRow } from '@/components/EmptyRow';
import { AdminPage } from '../components/AdminPage';

function ActorRow({ a, onOpen }: { a: ActorView; onOpen: (a: ActorView) => void }) {
  const { t } = useTranslation('admin');
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
      aria-label={t('actors.rowLabel', { name: a.name, health: t(`health.word.${health}`) })}
    >
      <td className="actor-name" data-label="">
        <b>{a.name}</b>
        <span className="muted small"> {t('actors.handled', { n: formatCount(a.handled) })}</span>
      </td>
      <td data-label={t('actors.col.family')} className="actor-family">
        {a.family}
      </td>
      <td data-label={t('actors.col.status')} className="actor-status">
        <HealthBadge health={health} />
      </td>
      <td className="num" data-label={t('actors.col.mailbox')}>
        {formatCount(a.mailbox)}
      </td>
      <td className="num" data-label={t('actors.col.rate')}>
        {formatRate(a.rate)}
      </td>
      <td className="num" data-label={t('actors.col.queue')}>
        {formatMs(a.queueP50Ms)} / {formatMs(a.queueP99Ms)}
      </td>
      <td className="num" data-label={t('actors.col.handler')}>
        {formatMs(a.handlerP50Ms)} / {formatMs(a.handlerP99Ms)}
      </td>
      <td className="num" data-label={t('actors.col.tickLag')}>
        {a.family === 'table' ? formatMs(a.tickLagP99Ms) : '—'}
      </td>
      <td className="num" data-label={t('actors.col.idle')}>
        {formatIdle(a.idleMs)}
      </td>
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

/** The sort choices for the phone layout, where the table's headers are hidden: value, key under `admin:actors.sort`. */
const SORT_CHOICES: [string, string][] = [
  ['status:desc', 'status'],
  ['name:asc', 'name'],
  ['family:asc', 'family'],
  ['handlerP99Ms:desc', 'handler'],
  ['queueP99Ms:desc', 'queue'],
  ['tickLagP99Ms:desc', 'tickLag'],
  ['mailbox:desc', 'mailbox'],
  ['rate:desc', 'rate'],
  ['idleMs:desc', 'idle'],
];

export default function ActorsScreen() {
  const { t } = useTranslation('admin');
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
    <AdminPage
      id="actors-title"
      title={t('actors.title')}
      head={
        <>
          <span className={`live-pill ${source}`} data-testid="actors-source">
            {source === 'socket' ? t('actors.sourceLive') : t('actors.sourcePolling')}
          </span>
          {snapshot && <span className="muted small">{t('actors.at', { time: timeOnly(snapshot.at) })}</span>}
        </>
      }
    >
      {(counts.slow > 0 || counts.stuck > 0) && (
        <p className="form-error" role="status">
          {t('actors.problems', {
            list: [
              counts.stuck > 0 && t('actors.stuckCount', { n: counts.stuck }),
              counts.slow > 0 && t('actors.slowCount', { n: counts.slow }),
            ]
              .filter(Boolean)
              .join(', '),
          })}
        </p>
      )}
      <label className="inline-field sort-select">
        <span className="muted small">{t('actors.sortBy')}</span>
        <select
          value={`${sort.key}:${sort.dir}`}
          onChange={(e) => setSort(parseSort(e.target.value))}
          aria-label={t('actors.sortLabel')}
        >
          {SORT_CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {t(`actors.sort.${label}`)}
            </option>
          ))}
        </select>
      </label>
      <QueryState isPending={isPending} error={snapshot ? null : error} what={t('what.actors')} />
      <div className="table-wrap">
        <table className="table admin-table actors-table" data-testid="actors-table">
          <thead>
            <tr>
              <SortTh label={t('actors.col.name')} k="name" sort={sort} onSort={onSort} />
              <SortTh label={t('actors.col.family')} k="family" sort={sort} onSort={onSort} />
              <SortTh label={t('actors.col.status')} k="status" sort={sort} onSort={onSort} />
              <SortTh
                label={t('actors.col.mailbox')}
                k="mailbox"
                sort={sort}
                onSort={onSort}
                title={t('actors.mailboxTitle')}
              />
              <SortTh label={t('actors.col.rate')} k="rate" sort={sort} onSort={onSort} title={t('actors.rateTitle')} />
              <SortTh label={t('actors.col.queueMs')} k="queueP99Ms" sort={sort} onSort={onSort} />
              <SortTh label={t('actors.col.handlerMs')} k="handlerP99Ms" sort={sort} onSort={onSort} />
              <SortTh label={t('actors.col.tickLag')} k="tickLagP99Ms" sort={sort} onSort={onSort} />
              <SortTh label={t('actors.col.idle')} k="idleMs" sort={sort} onSort={onSort} />
              <th>{t('actors.col.figures')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <ActorRow key={String(a.id)} a={a} onOpen={open} />
            ))}
            {snapshot && rows.length === 0 && <EmptyRow cols={10}>{t('actors.empty')}</EmptyRow>}
          </tbody>
        </table>
      </div>
    </AdminPage>
  );
}
