import { formatInr } from '@/lib/money';
import { useHistory } from '../api/get-history';
import { HistoryTable } from './HistoryTable';

const statusTone = (s: string) => (s === 'Won' ? 'approved' : s === 'Lost' ? 'rejected' : 'pending');

/** The Aviator tab: `GET /api/history/{userId}`, newest first. */
export function AviatorHistory({ userId }: { userId: string }) {
  const { data, isLoading, isError } = useHistory(userId);
  const rows = Array.isArray(data) ? data : [];
  return (
    <HistoryTable testId="history-table" columns={['Game', 'Stake', 'Multiplier', 'Winnings', 'Time', 'Status']} isLoading={isLoading} isError={isError} count={rows.length}>
      {rows.map((r) => (
        <tr key={`${r.round_id}-${r.slot}`} className={r.status === 'Lost' ? 'row-loss' : 'row-win'}>
          <td>Aviator</td>
          <td>{formatInr(r.betAmt)}</td>
          <td>{r.multiplier ? `${r.multiplier.toFixed(2)}x` : '—'}</td>
          <td>{formatInr(r.winningAmt)}</td>
          <td>{new Date(r.createdAt).toLocaleString('en-IN')}</td>
          <td>
            <span className={`status status-${statusTone(r.status)}`}>{r.status}</span>
          </td>
        </tr>
      ))}
    </HistoryTable>
  );
}
