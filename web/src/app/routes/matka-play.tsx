import { PlayPage } from '@/features/matka/components/PlayPage';
import { useSession } from '../session-context';

export default function MatkaPlayRoute() {
  const { userId } = useSession();
  return <PlayPage userId={userId} />;
}
