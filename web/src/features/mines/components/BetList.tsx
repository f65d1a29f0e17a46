import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FeedCard, type FeedRows } from '@/components/FeedCard';
import { formatDateTime } from '@/i18n/format';
import { formatInr } from '@/lib/money';
import { showMultiplier } from '../payout';
import type { HistoryRow } from '../wire';

/** The player's finished games from the server (`GET /api/mines/history`), newest first; each links to its check. */
export function BetList({ rows, loading, failed }: FeedRows<HistoryRow>) {
  const { t } = useTranslation('mines');
  const list = rows ?? [];
  return (
    <FeedCard
      className="mn-history"
      label={t('history.label')}
      title={t('history.title')}
      loading={loading && t('history.loading')}
      failed={failed && t('history.failed')}
    >
      <ul className="feed-list mn-history-list" data-testid="mines-history">
        {list.map((r) => {
          const won = r.result === 'Won';
          return (
            <li
              key={r.gameId}
              className={won ? 'mn-h-won' : 'mn-h-lost'}
              data-testid="mines-history-row"
              data-game-id={r.gameId}
            >
              <span className="mn-h-id">
                <Link to={`/fairness?game=mines&gameId=${r.gameId}`} title={t('history.check')}>
                  #{r.gameId}
                </Link>
                <small>{formatDateTime(r.date)}</small>
              </span>
              <span className="mn-h-bet">
                {formatInr(r.bet)}
                <small>{t('history.minesSafe', { mines: r.mines, safe: r.safe })}</small>
              </span>
              <span className="mn-h-x">
                {won ? t('history.multiplier', { multiplier: showMultiplier(r.multiplier) }) : t('history.lost')}
              </span>
              <b className="mn-h-pay">{won ? `+${formatInr(r.winnings)}` : `−${formatInr(r.bet)}`}</b>
            </li>
          );
        })}
        {!loading && !failed && list.length === 0 && <li className="empty">{t('history.empty')}</li>}
      </ul>
    </FeedCard>
  );
}
