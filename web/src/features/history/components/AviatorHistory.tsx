import { formatInr } from '@/lib/money';
import { useHistory } from '../api/get-history';

const statusTone = (s: string) => (s === 'Won' ? 'approved' : s === 'Lost' ? 'rejected' : 'pending');

/** The Aviator tab: `GET /api/history/{userId}`, newest first. */
export function AviatorHistory({ userId }: { userId: string }) {
  const { data, isLoading, isError } = useHistory(userId);
  const rows = Array.isArray(data) ? data : [];
  return (
    <>
      {isLoading && <p className="muted">Loading...</p>}
      {isError && <p className="form-error">Failed to fetch bets</p>}
      <div className="table-wrap">
        <table className="table" data-testid="history-table">
          <thead>
            <tr>
              <th>Game</th>
              <th>Stake</th>
              <th>Multiplier</th>
              <th>Winnings</th>
              <th>Time</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
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
            {!isLoading && rows.length === 0 && (
              <tr>
                <td colSpan={6} className="empty">
                  No betting history available.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
