import { useTranslation } from 'react-i18next';
import { FeedCard } from '@/components/FeedCard';
import { formatDateTimeSeconds } from '@/i18n/format';
import { formatInr } from '@/lib/money';
import { useMyBids } from '../api/get-bids';
import { bidTypeTitle } from '../bid-types';
import type { BidRow } from '../api/types';

function Row({ b }: { b: BidRow }) {
  const { t } = useTranslation('matka');
  const { status } = b;
  const session = b.session === 'open' || b.session === 'close' ? t(`session.${b.session}`) : b.session || '—';
  return (
    <li
      className={`mk-bid mk-bid-${status}`}
      data-testid="matka-bid-row"
      data-status={status}
      data-draw-no={b.drawNo}
      data-number={b.number}
    >
      <span className="mk-bid-what">
        <b>{b.market}</b>
        <small>
          {bidTypeTitle(b.bidType)} · {session} · #{b.drawNo}
        </small>
        <small>{formatDateTimeSeconds(b.createdAt)}</small>
      </span>
      <span className="mk-bid-number">{b.number}</span>
      <span className="mk-bid-points">{formatInr(b.points)}</span>
      <span className="mk-bid-status">
        <b>{t(`myBids.status.${status}`, { defaultValue: status })}</b>
        {status === 'won' && <small>+{formatInr(b.payout)}</small>}
      </span>
    </li>
  );
}

/** The player's bids from the server (`GET /api/bids`), newest first: market, type, session, number, points, result. */
export function MyBids() {
  const { t } = useTranslation('matka');
  const q = useMyBids();
  const rows = q.data ?? [];
  return (
    <FeedCard
      className="mk-bids"
      label={t('myBids.label')}
      title={t('myBids.title')}
      summary={<span className="muted small">{t('myBids.columns')}</span>}
      loading={q.isLoading && t('myBids.loading')}
      failed={q.isError && t('myBids.failed')}
    >
      <ul className="feed-list mk-bid-list" data-testid="matka-bids">
        {rows.map((b) => (
          <Row key={b.id} b={b} />
        ))}
        {!q.isLoading && !q.isError && rows.length === 0 && <li className="empty">{t('myBids.empty')}</li>}
      </ul>
    </FeedCard>
  );
}
