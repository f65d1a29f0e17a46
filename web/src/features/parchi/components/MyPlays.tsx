/** The Parchi tab of My Bets: the player's own plays, newest first: match, card and its players, points, the result. */
import { formatInr } from '@/lib/money';
import { useMyPlays } from '../api/get-my-plays';
import { HistoryTable } from '../../history/components/HistoryTable';
import type { EntryStatus } from '../api/types';

const LABEL: Record<EntryStatus, string> = { held: 'Open', won: 'Won', lost: 'Lost', returned: 'Returned' };
const TONE: Record<EntryStatus, string> = { held: 'pending', won: 'approved', lost: 'rejected', returned: 'pending' };

export function MyPlays({ userId }: { userId: string }) {
  const { data: rows = [], isLoading, isError } = useMyPlays(userId);
  return (
    <HistoryTable testId="parchi-history-table" columns={['Match', 'Card', 'Points', 'Paid', 'Time', 'Status']} isLoading={isLoading} isError={isError} count={rows.length}>
      {rows.map((r) => (
        <tr key={r.id}>
          <td>{r.matchName}</td>
          <td>
            Card {r.card}: {r.player1 ?? '—'} &amp; {r.player2 ?? '—'}
          </td>
          <td>{formatInr(r.betpoints)}</td>
          <td>{r.status === 'held' ? '—' : formatInr(r.payout)}</td>
          <td>{new Date(r.createdAt).toLocaleString('en-IN')}</td>
          <td>
            <span className={`status status-${TONE[r.status]}`}>{LABEL[r.status]}</span>
          </td>
        </tr>
      ))}
    </HistoryTable>
  );
}
