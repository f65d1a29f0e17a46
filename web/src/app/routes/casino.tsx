import { CasinoHub } from '@/features/casino/components/CasinoHub';

export default function CasinoRoute() {
  return <CasinoHub />;
}
