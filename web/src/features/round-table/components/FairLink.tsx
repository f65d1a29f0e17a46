import { Link } from 'react-router';
import type { GameName } from '../wire';
import '../round-table.css';

/** "Provably fair": the round's commitment, and a link to check a round on the Fairness screen. */
export function FairLink({ game, roundId, commitment }: { game: GameName; roundId: number | null; commitment: string }) {
  const to = roundId === null ? `/fairness?game=${game}` : `/fairness?game=${game}&round=${roundId}`;
  return (
    <Link to={to} className="rt-fair" data-testid="fair-link" title={commitment ? `Commitment ${commitment}` : undefined}>
      <span aria-hidden>🛡</span> Provably fair
      {commitment && (
        <span className="mono rt-fair-hash" data-testid="commitment">
          {commitment.slice(0, 16)}…
        </span>
      )}
    </Link>
  );
}
