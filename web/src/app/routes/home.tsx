import { CasinoTiles } from '@/features/casino/components/CasinoTiles';
import { NewsTicker } from '@/features/shell/components/NewsTicker';
import { SportsNav } from '@/features/shell/components/SportsNav';
import { LiveCricketMarket } from '@/features/sports/components/LiveCricketMarket';
import { MatchesList } from '@/features/sports/components/MatchesList';

/** Sports home: nav, ticker, casino tiles, the default sport (Cricket, id 4) and the Live Cricket Market list. */
export default function HomeRoute() {
  return (
    <>
      <SportsNav />
      <NewsTicker />
      <div className="page">
        <CasinoTiles />
        <MatchesList sportId="4" />
        <LiveCricketMarket />
      </div>
    </>
  );
}
