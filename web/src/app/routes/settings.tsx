import { SettingsPage } from '@/features/account/components/SettingsPage';
import { useSession } from '../session-context';

export default function SettingsRoute() {
  const { user, userId, logout } = useSession();
  return (
    <SettingsPage
      userId={userId}
      userNo={user.userNo?.toString()}
      username={user.username}
      role={user.role}
      onLogout={logout}
    />
  );
}
