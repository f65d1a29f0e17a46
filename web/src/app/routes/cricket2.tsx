import { ParchiListPage } from '@/features/parchi/components/ParchiListPage';
import { usePublicSession } from '../layout/public-session';

/** `/cricket2` (public): the three-card game's live match list. */
export default function Cricket2Route() {
  return <ParchiListPage signedIn={usePublicSession().userId !== null} />;
}
