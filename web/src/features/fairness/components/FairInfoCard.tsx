import { useFairInfo } from '../api/get-fair';
import type { FairGame } from '../verify';

const pct = (rtp: number) => `${(rtp * 100).toFixed(2)}%`;

/** What each pick pays and the server's own description of the algorithm (GET /api/fair/{game}). */
export function FairInfoCard({ game }: { game: FairGame }) {
  const info = useFairInfo(game);
  if (info.isError) return <p className="muted">Game details unavailable.</p>;
  if (!info.data) return <p className="muted">Loading...</p>;
  const payouts = Array.isArray(info.data.payouts) ? info.data.payouts : [];
  // Titli's twelve pictures all pay the same: one row says it.
  const rows = payouts.length > 3 && payouts.every((p) => p.payout === payouts[0]!.payout) ? [{ ...payouts[0]!, pick: 'each picture' }] : payouts;
  return (
    <section className="card" aria-label="How the game is drawn">
      <table className="fair-payouts" data-testid="fair-payouts">
        <thead>
          <tr>
            <th>Pick</th>
            <th>Pays</th>
            <th>RTP</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={String(p.pick)}>
              <td>{String(p.pick)}</td>
              <td>{p.payout}×</td>
              <td>{pct(p.rtp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="fair-algo" data-testid="fair-algorithm">
        {info.data.algorithm}
      </p>
    </section>
  );
}
