import { useTranslation } from 'react-i18next';
import { FeedCard, type FeedRows } from '@/components/FeedCard';
import { chipInr } from '../../round-table/money';
import { latestBets } from '../cards';
import type { Bets2Row } from '../wire';

const tone = (r: Bets2Row) => (r.isWin === 'win' ? 'approved' : r.isWin === 'loss' ? 'rejected' : 'pending');

/** "₹10,000", "₹12.50": the table is narrow, whole rupees drop their decimals. */
const inr = chipInr;

/** What the bet made: `pending` while the round is open, else the profit or the loss. */
const outcome = (r: Bets2Row, pending: string) =>
  r.isWin === 'pending'
    ? pending
    : r.isWin === 'win'
      ? `+${inr(r.profit ?? 0)}`
      : `−${inr(Math.abs(r.profit ?? 0) || r.stake)}`;

/** 'My Bet': the last 10 bets, newest first (GET /api/bets2/{userId}). */
export function MyBetTable({ rows, loading, failed }: FeedRows<Bets2Row>) {
  const { t } = useTranslation('andarBahar');
  const shown = latestBets(rows, 10);
  return (
    <FeedCard label={t('myBet.title')} title={t('myBet.title')} failed={failed && t('myBet.failed')}>
      <table className="ab-mybets" data-testid="my-bets">
        <thead>
          <tr>
            <th>{t('myBet.round')}</th>
            <th>{t('myBet.bet')}</th>
            <th>{t('myBet.stake')}</th>
            <th>{t('myBet.odds')}</th>
            <th>{t('myBet.profitLoss')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r, i) => (
            <tr key={`${r.roundId}-${i}`} data-testid="my-bet">
              <td>#{r.roundId}</td>
              <td>{r.label ? t(`sides.${r.label}`) : null}</td>
              <td>{inr(r.stake)}</td>
              <td>{r.odds == null ? '—' : `${r.odds}:1`}</td>
              <td>
                <span className={`status status-${tone(r)}`}>{outcome(r, t('myBet.pending'))}</span>
              </td>
            </tr>
          ))}
          {!loading && shown.length === 0 && (
            <tr>
              <td colSpan={5} className="empty">
                {t('myBet.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </FeedCard>
  );
}
