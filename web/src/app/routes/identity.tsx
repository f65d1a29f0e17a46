import { IdentityPage } from '@/features/kyc/components/IdentityPage';

export default function IdentityRoute() {
  return <IdentityPage />;
}
