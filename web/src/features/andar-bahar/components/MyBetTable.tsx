import { latestBets } from '../cards';
import type { Bets2Row } from '../wire';

const tone = (r: Bets2Row) => (r.isWin === 'win' ? 'approved' : r.isWin === 'loss' ? 'rejected' : 'pending');

/** "₹10,000", "₹12.50": the table is narrow, whole rupees drop their decimals. */
const inr = (n: number) => `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

const outcome = (r: Bets2Row) => (r.isWin === 'pending' ? 'Pending' : r.isWin === 'win' ? `+${inr(r.profit ?? 0)}` : `−${inr(Math.abs(r.profit ?? 0) || r.stake)}`);

/** 'My Bet': the last 10 bets, newest first (GET /api/bets2/{userId}). */
export function MyBetTable({ rows, loading, failed }: { rows: Bets2Row[] | undefined; loading: boolean; failed: boolean }) {
  const shown = latestBets(rows, 10);
  return (
    <section className="card" aria-label="My Bet">
      <header className="feed-head">
        <b>My Bet</b>
      </header>
      {failed && <p className="form-error">Could not load your bets.</p>}
      <table className="ab-mybets" data-testid="my-bets">
        <thead>
          <tr>
            <th>Round</th>
            <th>Bet</th>
            <th>Stake</th>
            <th>Odds</th>
            <th>P/L</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r, i) => (
            <tr key={`${r.roundId}-${i}`} data-testid="my-bet">
              <td>#{r.roundId}</td>
              <td>{r.label}</td>
              <td>{inr(r.stake)}</td>
              <td>{r.odds == null ? '—' : `${r.odds}:1`}</td>
              <td>
                <span className={`status status-${tone(r)}`}>{outcome(r)}</span>
              </td>
            </tr>
          ))}
          {!loading && shown.length === 0 && (
            <tr>
              <td colSpan={5} className="empty">
                No bets yet.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
