import { MinesPage } from '@/features/mines/components/MinesPage';
import { useSession } from '../session-context';

export default function MinesRoute() {
  const { userId } = useSession();
  return <MinesPage userId={userId} />;
}
