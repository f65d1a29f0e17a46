/**
 * Feed markets: every exchange-stream market mapped to a match of ours, with what the stream says of it now (a mapping
 * whose stream is down or silent stands out), polled every 3 s; and the form that maps a new one.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/Card';
import { DataTable } from '@/components/DataTable';
import { sportName } from '@/config/constants';
import { useFeedMarkets, type FeedMarket } from '../api/feed-markets';
import { formatAgo } from '../cluster';
import { AdminPage } from '../components/AdminPage';
import { FlagBadge, HealthBadge } from '../components/Badges';
import { FeedMarketForm } from '../components/FeedMarketForm';
import { QueryState } from '../components/QueryState';
import { feedHealth, HEALTH_TONE } from '../feed-markets';
import { dateTime, timeOnly } from '../format';

function FeedTable({ rows }: { rows: FeedMarket[] }) {
  const { t } = useTranslation('adminFeed');
  const yesNo = (v: boolean) => (v ? t('admin:common.yes') : t('admin:common.no'));
  return (
    <DataTable
      testId="feed-markets"
      rows={rows}
      rowKey={(m) => m.feedMarketId}
      row={(m) => ({
        'data-testid': `feed-market-${m.feedMarketId}`,
        className: `feed-row row-${HEALTH_TONE[feedHealth(m)]}`,
      })}
      empty={t('none')}
      columns={[
        {
          label: t('col.health'),
          td: (m) => ({ 'data-testid': `feed-health-${m.feedMarketId}` }),
          cell: (m) => <HealthBadge health={HEALTH_TONE[feedHealth(m)]} label={t(`health.${feedHealth(m)}`)} />,
        },
        { label: t('col.feedMarket'), cell: (m) => <span className="mono">{m.feedMarketId}</span> },
        {
          label: t('col.match'),
          td: () => ({ className: 'wrap' }),
          cell: (m) => (
            <span>
              <Link to={`/match/${m.matchId}`} target="_blank" rel="noreferrer">
                #{m.matchId}
              </Link>{' '}
              {m.name}
              {m.competition && <span className="muted small"> · {m.competition}</span>}
            </span>
          ),
        },
        { label: t('col.sport'), cell: (m) => sportName(String(m.sportId)) },
        { label: t('col.starts'), cell: (m) => dateTime(m.startsAt) },
        {
          label: t('col.runners'),
          td: () => ({ className: 'wrap' }),
          cell: (m) => (
            <ul className="feed-runner-list">
              {m.runners.map((r) => (
                <li key={r.selectionId}>
                  {r.name} <span className="mono muted small">{r.feedId}</span>
                </li>
              ))}
            </ul>
          ),
        },
        {
          label: t('col.status'),
          cell: (m) => (
            <FlagBadge on={m.status === 'ended'} yes={t('status.ended')} no={t('status.active')} tone="pending" />
          ),
        },
        {
          label: t('col.stream'),
          cell: (m) => <FlagBadge on={!m.streamLive} yes={t('stream.down')} no={t('stream.live')} />,
        },
        {
          label: t('col.heard'),
          num: true,
          td: (m) => ({ 'data-testid': `feed-heard-${m.feedMarketId}` }),
          cell: (m) => (m.heardMsAgo == null ? t('never') : formatAgo(m.heardMsAgo)),
        },
        { label: t('col.imaged'), cell: (m) => yesNo(m.imaged) },
        { label: t('col.feedStatus'), cell: (m) => <span className="mono">{m.feedStatus ?? '—'}</span> },
        { label: t('col.inPlay'), cell: (m) => yesNo(m.inPlay) },
        { label: t('col.followed'), cell: (m) => yesNo(m.followed) },
      ]}
    />
  );
}

export default function FeedMarketsScreen() {
  const { t } = useTranslation('adminFeed');
  const q = useFeedMarkets();
  const rows = q.data ?? [];
  const unpriced = rows.filter((m) => HEALTH_TONE[feedHealth(m)] === 'stuck');
  return (
    <AdminPage
      id="feed-title"
      title={t('title')}
      head={
        q.data && (
          <>
            <span className="live-pill polling">{t('every')}</span>
            <span className="muted small">{t('at', { time: timeOnly(q.dataUpdatedAt) })}</span>
          </>
        )
      }
    >
      <p className="hint">{t('intro')}</p>
      <Card id="feed-list" title={t('list')} hint={t('listHint')}>
        <QueryState isPending={q.isPending} error={q.data ? null : q.error} what={t('what')} />
        {q.data && q.error && (
          <p className="form-error" role="alert">
            {t('refreshFailed', { time: timeOnly(q.dataUpdatedAt) })}
          </p>
        )}
        {unpriced.length > 0 && (
          <p className="form-error" role="status" data-testid="feed-unpriced">
            {t('unpriced', { count: unpriced.length, markets: unpriced.map((m) => m.feedMarketId).join(', ') })}
          </p>
        )}
        {q.data && <FeedTable rows={rows} />}
      </Card>
      <FeedMarketForm />
    </AdminPage>
  );
}
