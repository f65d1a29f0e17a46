import { useParams } from 'react-router';
import { NewsTicker } from '@/features/shell/components/NewsTicker';
import { SportsNav } from '@/features/shell/components/SportsNav';
import { MatchesList } from '@/features/sports/components/MatchesList';

export default function SportRoute() {
  const { sportId = '4' } = useParams();
  return (
    <>
      <SportsNav />
      <NewsTicker />
      <div className="page">
        <MatchesList key={sportId} sportId={sportId} />
      </div>
    </>
  );
}
