import { Navigate } from 'react-router';
import { TransactionsPage } from '@/features/wallet/components/TransactionsPage';
import { usePlatform } from '@/lib/platform';
import { useSession } from '../session-context';

/** Deposits and withdrawals; play mode has none (home instead). */
export default function TransactionsRoute() {
  const { userId } = useSession();
  return usePlatform().play ? <Navigate to="/" replace /> : <TransactionsPage userId={userId} />;
}
