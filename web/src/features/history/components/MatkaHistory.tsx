/**
 * The Matka tab of My Bets: the player's bids (`GET /api/bids`), newest first, a page at a time. Each row: the market
 * and draw, the bid type and session, the number, the points, what it paid and whether it won.
 */
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/i18n/format';
import { formatInr } from '@/lib/money';
import { bidTypeTitle } from '../../matka/bid-types';
import { GAME_BETS_MAX, matkaBids } from '../api/get-game-bets';
import { usePagedList } from '../hooks/use-paged-list';
import { PagedTable } from './HistoryTable';

const TONE = { held: 'pending', won: 'approved', lost: 'rejected' } as const;

export function MatkaHistory() {
  const { t } = useTranslation('history');
  const list = usePagedList(['history', 'matka'], matkaBids, GAME_BETS_MAX);
  const columns = ['market', 'bid', 'number', 'points', 'payout', 'time', 'status'].map((c) => t(`matka.${c}`));
  return (
    <PagedTable testId="matka-history-table" columns={columns} list={list}>
      {list.rows.map((b) => (
        <tr key={b.id} className={b.status === 'lost' ? 'row-loss' : 'row-win'}>
          <td>
            {b.market} <small className="muted">#{b.drawNo}</small>
          </td>
          <td>
            {bidTypeTitle(b.bidType)} · {t(`matka.session.${b.session}`)}
          </td>
          <td>{b.number}</td>
          <td>{formatInr(b.points)}</td>
          <td>{b.status === 'held' ? '—' : formatInr(b.payout)}</td>
          <td>{formatDateTime(b.createdAt)}</td>
          <td>
            <span className={`status status-${TONE[b.status]}`}>{t(`matka.state.${b.status}`)}</span>
          </td>
        </tr>
      ))}
    </PagedTable>
  );
}
