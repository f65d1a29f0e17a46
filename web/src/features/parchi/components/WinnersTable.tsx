import { formatInr } from '@/lib/money';
import type { Entry } from '../api/types';

/** The spec's winners table (User, Bet Amount, Profit, Total Winnings); nothing until there are winners. */
export function WinnersTable({ rows }: { rows: Entry[] }) {
  if (rows.length === 0) return null;
  return (
    <section className="card pc-winners" data-testid="parchi-winners">
      <h2 className="card-title">Winners</h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>User</th>
              <th>Bet Amount</th>
              <th>Profit</th>
              <th>Total Winnings</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={e._id} data-testid="parchi-winner-row">
                <td>{e.userArray[0] ?? '—'}</td>
                <td>{formatInr(e.betpoints)}</td>
                <td>{formatInr(e.profit)}</td>
                <td>{formatInr(e.payout)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
