import { BidPage } from '@/features/matka/components/BidPage';
import { useSession } from '../session-context';

export default function MatkaBidRoute() {
  const { userId } = useSession();
  return <BidPage userId={userId} />;
}
