import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GameName } from '../wire';
import '../round-table.css';

const SHIELD = '🛡';

/** "Provably fair": the round's commitment, and a link to check a round on the Fairness screen. */
export function FairLink({
  game,
  roundId,
  commitment,
}: {
  game: GameName;
  roundId: number | null;
  commitment: string;
}) {
  const { t } = useTranslation('roundTable');
  const to = roundId === null ? `/fairness?game=${game}` : `/fairness?game=${game}&round=${roundId}`;
  return (
    <Link
      to={to}
      className="rt-fair"
      data-testid="fair-link"
      title={commitment ? t('fair.commitment', { commitment }) : undefined}
    >
      <span aria-hidden>{SHIELD}</span> {t('fair.link')}
      {commitment && (
        <span className="mono rt-fair-hash" data-testid="commitment">
          {commitment.slice(0, 16)}…
        </span>
      )}
    </Link>
  );
}
