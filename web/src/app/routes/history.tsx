import { MyBetsPage } from '@/features/history/components/MyBetsPage';
import { useSession } from '../session-context';

export default function HistoryRoute() {
  return <MyBetsPage userId={useSession().userId} />;
}
