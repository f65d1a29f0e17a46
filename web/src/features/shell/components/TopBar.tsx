import { useTranslation } from 'react-i18next';
import { formatInr } from '@/lib/money';

/** Compact bar with the two wallet figures. */
export function TopBar({ balance, exposure }: { balance: number | undefined; exposure: number | undefined }) {
  const { t } = useTranslation('shell');
  return (
    <div className="top-bar">
      <span>
        {t('topBar.balance')} <b data-testid="topbar-balance">{formatInr(balance)}</b>
      </span>
      <span>
        {t('topBar.exposure')} <b data-testid="topbar-exposure">{formatInr(exposure)}</b>
      </span>
    </div>
  );
}
