import { NewsTicker } from '@/features/shell/components/NewsTicker';
import { LiveMatchPage } from '@/features/sports/components/LiveMatchPage';

/** `/matchlist/currmtc` and `/match/currmtc`: the news line, the live score frame and the match's live detail. */
export default function LiveMatchRoute() {
  return (
    <>
      <NewsTicker />
      <LiveMatchPage />
    </>
  );
}
