import { ParchiGamePage } from '@/features/parchi/components/ParchiGamePage';
import { usePublicSession } from '../layout/public-session';

/** `/cricket2/games/{Livematch}` (public): the live score frame and the three-card game. */
export default function Cricket2GameRoute() {
  return <ParchiGamePage userId={usePublicSession().userId} />;
}
