import { TransactionsPage } from '@/features/wallet/components/TransactionsPage';
import { useSession } from '../session-context';

export default function TransactionsRoute() {
  return <TransactionsPage userId={useSession().userId} />;
}
