import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedCard, type FeedRows } from '@/components/FeedCard';
import { formatTime } from '@/i18n/format';
import { fixed2 } from '@/lib/money';
import type { AnyPick, AnyResult, MyBet } from '../api/get-my-bets';
import '../round-table.css';

interface Props extends FeedRows<MyBet> {
  /** The game's own pick and result (the page tells its own from another game's). */
  renderPick: (pick: AnyPick) => ReactNode;
  renderResult: (result: AnyResult) => ReactNode;
  limit?: number;
}

type Tone = 'pending' | 'won' | 'lost';

const toneOf = (b: MyBet): Tone => (b.result == null ? 'pending' : (b.payout ?? 0) > 0 ? 'won' : 'lost');

/** The player's own bets in this game (GET /api/games/{game}/bets), newest first. */
export function MyBetsList({ rows: bets, loading, failed, renderPick, renderResult, limit = 10 }: Props) {
  const { t } = useTranslation('roundTable');
  const rows = (bets ?? []).slice(0, limit);
  const outcome = (b: MyBet, tone: Tone) =>
    tone === 'pending'
      ? t('myBets.pending')
      : tone === 'won'
        ? t('myBets.back', { amount: `₹${fixed2(b.payout ?? 0)}` })
        : `−₹${fixed2(b.stake)}`;
  return (
    <FeedCard
      className="rt-my"
      label={t('myBets.label')}
      title={t('myBets.title')}
      loading={loading && t('myBets.loading')}
      failed={failed && t('myBets.failed')}
    >
      <ul className="feed-list rt-my-list" data-testid="my-bets">
        {rows.map((b) => {
          const tone = toneOf(b);
          return (
            <li key={`${b.roundId}-${b.ticket}`} className={`rt-my-${tone}`} data-testid="my-bet">
              <span className="rt-my-round">
                #{b.roundId} <small>{formatTime(b.createdAt)}</small>
              </span>
              <span className="rt-feed-picks">
                {b.bets.map((l, j) => (
                  <span key={j} className="rt-line">
                    {renderPick(l.pick)} ₹{fixed2(l.amount)}
                  </span>
                ))}
              </span>
              <span className="rt-my-result">{b.result == null ? '…' : renderResult(b.result)}</span>
              <b className="rt-my-pay">{outcome(b, tone)}</b>
            </li>
          );
        })}
        {!loading && rows.length === 0 && <li className="empty">{t('myBets.empty')}</li>}
      </ul>
    </FeedCard>
  );
}
