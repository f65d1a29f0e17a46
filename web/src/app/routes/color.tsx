import { ColorPage } from '@/features/color/components/ColorPage';
import { useSession } from '../session-context';

export default function ColorRoute() {
  const { userId } = useSession();
  return <ColorPage userId={userId} />;
}
