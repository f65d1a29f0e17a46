import { NewsTicker } from '@/features/shell/components/NewsTicker';
import { LiveMatchPage } from '@/features/sports/components/LiveMatchPage';
import { useSession } from '../session-context';

/** `/matchlist/currmtc` and `/match/currmtc`: the news line, the live score frame, the match's live detail and its betting. */
export default function LiveMatchRoute() {
  return (
    <>
      <NewsTicker />
      <LiveMatchPage userId={useSession().userId} />
    </>
  );
}
