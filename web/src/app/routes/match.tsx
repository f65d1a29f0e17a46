import { MatchPage } from '@/features/sports/components/MatchPage';

export default function MatchRoute() {
  return <MatchPage />;
}
