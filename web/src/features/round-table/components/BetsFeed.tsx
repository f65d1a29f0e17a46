import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedCard } from '@/components/FeedCard';
import { fixed2 } from '@/lib/money';
import type { FeedRow } from '../wire';
import '../round-table.css';

/** The round's real bets as the server sends them (`{game}:bets`), newest first. */
export function BetsFeed<P>({ rows, renderPick }: { rows: FeedRow<P>[]; renderPick: (pick: P) => ReactNode }) {
  const { t } = useTranslation('roundTable');
  const total = rows.reduce((s, r) => s + r.total, 0);
  return (
    <FeedCard
      className="rt-feed"
      label={t('feed.label')}
      title={t('feed.title')}
      summary={<span>{t('feed.summary', { count: rows.length, total: `₹${fixed2(total)}` })}</span>}
    >
      {rows.length === 0 ? (
        <p className="muted">{t('feed.empty')}</p>
      ) : (
        <ul className="feed-list rt-feed-list" data-testid="bets-feed">
          {rows.map((r, i) => (
            <li key={`${r.username}-${i}`}>
              <span className="feed-user">{r.username}</span>
              <span className="rt-feed-picks">
                {r.bets.map((b, j) => (
                  <span key={j} className="rt-line">
                    {renderPick(b.pick)} ₹{fixed2(b.amount)}
                  </span>
                ))}
              </span>
              <b>₹{fixed2(r.total)}</b>
            </li>
          ))}
        </ul>
      )}
    </FeedCard>
  );
}
