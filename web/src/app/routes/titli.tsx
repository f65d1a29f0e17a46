import { TitliPage } from '@/features/titli/components/TitliPage';
import { useSession } from '../session-context';

export default function TitliRoute() {
  const { userId } = useSession();
  return <TitliPage userId={userId} />;
}
