import { MatkaListPage } from '@/features/matka/components/MatkaListPage';
import { useSession } from '../session-context';

export default function MatkaRoute() {
  const { userId } = useSession();
  return <MatkaListPage userId={userId} />;
}
