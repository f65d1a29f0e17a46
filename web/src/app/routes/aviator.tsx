import { AviatorPage } from '@/features/aviator/components/AviatorPage';
import { useSession } from '../session-context';

export default function AviatorRoute() {
  const { userId } = useSession();
  return <AviatorPage userId={userId} />;
}
