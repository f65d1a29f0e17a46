import { MatchPage } from '@/features/sports/components/MatchPage';
import { useSession } from '../session-context';

/** `/match/{matchId}`: the match's live detail, its prices a tap from the bet slip for the signed-in player. */
export default function MatchRoute() {
  return <MatchPage userId={useSession().userId} />;
}
