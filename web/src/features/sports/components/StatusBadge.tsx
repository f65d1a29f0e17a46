import { useTranslation } from 'react-i18next';
import type { MarketStatus } from '../wire';

/** OPEN (green), SUSPENDED (red), anything else grey; OPEN when not said. */
export function StatusBadge({ status = 'OPEN' }: { status?: MarketStatus }) {
  const { t } = useTranslation('sports');
  const tone = status === 'OPEN' ? 'open' : status === 'SUSPENDED' ? 'suspended' : 'other';
  return (
    <span className={`sp-badge sp-badge-${tone}`} data-testid="market-status">
      {t(`marketStatus.${status.toLowerCase()}`, { defaultValue: status })}
    </span>
  );
}
