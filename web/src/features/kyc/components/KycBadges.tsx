import { useTranslation } from 'react-i18next';
import type { KycLevel, KycStatus } from '../api/types';

const LEVEL_CLASS: Record<KycLevel, string> = {
  none: 'status-rejected',
  basic: 'status-pending',
  verified: 'status-approved',
};
const STATUS_CLASS: Record<KycStatus, string> = {
  none: 'status-pending',
  pending: 'status-pending',
  approved: 'status-approved',
  rejected: 'status-rejected',
};

/** The player's identity level: none, basic (details sent), verified (an operator approved them). */
export function KycLevelBadge({ level }: { level: KycLevel }) {
  const { t } = useTranslation('kyc');
  return (
    <span className={`status ${LEVEL_CLASS[level]}`} data-testid="kyc-level">
      {t(`level.${level}`)}
    </span>
  );
}

export function KycStatusBadge({ status }: { status: KycStatus }) {
  const { t } = useTranslation('kyc');
  return (
    <span className={`status ${STATUS_CLASS[status]}`} data-testid="kyc-status">
      {t(`status.${status}`)}
    </span>
  );
}
