import { ProfilePage } from '@/features/account/components/ProfilePage';
import { useSession } from '../session-context';

export default function ProfileRoute() {
  return <ProfilePage userId={useSession().userId} />;
}
