/**
 * The Mines tab of My Bets: the player's finished games (`GET /api/mines/history`), newest first, a page at a time.
 * Each row: the game (linked to its check on the Fairness screen), the stake, mines and safe tiles, the multiplier
 * reached and what it paid.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/i18n/format';
import { formatInr } from '@/lib/money';
import { showMultiplier } from '../../mines/payout';
import { GAME_BETS_MAX, minesGames } from '../api/get-game-bets';
import { usePagedList } from '../hooks/use-paged-list';
import { PagedTable } from './HistoryTable';

export function MinesHistory() {
  const { t } = useTranslation('history');
  const list = usePagedList(['history', 'mines'], minesGames, GAME_BETS_MAX);
  const columns = ['game', 'stake', 'board', 'multiplier', 'payout', 'time', 'result'].map((c) => t(`mines.${c}`));
  return (
    <PagedTable testId="mines-history-table" columns={columns} list={list}>
      {list.rows.map((g) => {
        const won = g.result === 'Won';
        return (
          <tr key={g.gameId} className={won ? 'row-win' : 'row-loss'}>
            <td>
              <Link to={`/fairness?game=mines&gameId=${g.gameId}`} title={t('mines.check')}>
                #{g.gameId}
              </Link>
            </td>
            <td>{formatInr(g.bet)}</td>
            <td>{t('mines.minesSafe', { mines: g.mines, safe: g.safe })}</td>
            <td>{won ? `${showMultiplier(g.multiplier)}x` : '—'}</td>
            <td>{formatInr(won ? g.winnings : 0)}</td>
            <td>{formatDateTime(g.date)}</td>
            <td>
              <span className={`status status-${won ? 'approved' : 'rejected'}`}>
                {t(`mines.state.${won ? 'won' : 'lost'}`)}
              </span>
            </td>
          </tr>
        );
      })}
    </PagedTable>
  );
}
