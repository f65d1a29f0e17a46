import { useTranslation } from 'react-i18next';
import { statusClass } from '../validation';

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('wallet');
  const cls = statusClass(status);
  return <span className={`status status-${cls}`}>{t(`status.${cls}`)}</span>;
}
