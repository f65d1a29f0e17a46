/** The Parchi tab of My Bets: the player's own plays, newest first: match, card and its players, points, the result. */
import { formatInr } from '@/lib/money';
import { useMyPlays } from '../api/get-my-plays';
import type { EntryStatus } from '../wire';

const LABEL: Record<EntryStatus, string> = { held: 'Open', won: 'Won', lost: 'Lost', returned: 'Returned' };
const TONE: Record<EntryStatus, string> = { held: 'pending', won: 'approved', lost: 'rejected', returned: 'pending' };

export function MyPlays({ userId }: { userId: string }) {
  const { data: rows = [], isLoading, isError } = useMyPlays(userId);
  return (
    <>
      {isLoading && <p className="muted">Loading...</p>}
      {isError && <p className="form-error">Failed to fetch bets</p>}
      <div className="table-wrap">
        <table className="table" data-testid="parchi-history-table">
          <thead>
            <tr>
              <th>Match</th>
              <th>Card</th>
              <th>Points</th>
              <th>Paid</th>
              <th>Time</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
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
                  <span className={`status status-${TONE[r.status] ?? 'pending'}`}>{LABEL[r.status] ?? r.status}</span>
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
