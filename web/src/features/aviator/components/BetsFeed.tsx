import { useTranslation } from 'react-i18next';
import { FeedCard } from '@/components/FeedCard';
import { fixed2 } from '@/lib/money';
import type { FeedBet } from '../types';

/** Live bets of the current round (aviator_bet_update). */
const multiplierText = (b: FeedBet) => (b.multiplier ? `${fixed2(b.multiplier)}x` : '—');
const winningsText = (b: FeedBet) => (b.winnings ? `₹${fixed2(b.winnings)}` : '');

export function BetsFeed({ bets }: { bets: FeedBet[] }) {
  const { t } = useTranslation('aviator');
  const total = bets.reduce((s, b) => s + b.amount, 0);
  const won = bets.reduce((s, b) => s + (b.winnings || 0), 0);
  return (
    <FeedCard
      className="feed"
      label={t('feed.label')}
      title={t('feed.title')}
      summary={<span>{t('feed.summary', { n: bets.length, total: `₹${fixed2(total)}`, won: `₹${fixed2(won)}` })}</span>}
    >
      {bets.length === 0 ? (
        <p className="muted">{t('feed.empty')}</p>
      ) : (
        <ul className="feed-list av-feed-list" data-testid="bets-feed">
          {bets.map((b, i) => (
            <li key={`${b.username}-${b.slot}-${i}`} className={b.multiplier ? 'feed-won' : ''}>
              <span className="feed-user">{b.username}</span>
              <span>₹{fixed2(b.amount)}</span>
              <span className="feed-mult">{multiplierText(b)}</span>
              <span>{winningsText(b)}</span>
            </li>
          ))}
        </ul>
      )}
    </FeedCard>
  );
}
