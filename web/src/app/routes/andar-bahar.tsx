import { AndarBaharPage } from '@/features/andar-bahar/components/AndarBaharPage';
import { useSession } from '../session-context';

export default function AndarBaharRoute() {
  const { userId } = useSession();
  return <AndarBaharPage userId={userId} />;
}
