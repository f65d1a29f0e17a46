import { useLocation } from 'react-router';
import { FairnessPage } from '@/features/fairness/components/FairnessPage';

export default function FairnessRoute() {
  // A new ?game=&round= (a game's "Provably fair" link) starts the form afresh.
  const { search } = useLocation();
  return <FairnessPage key={search} />;
}
