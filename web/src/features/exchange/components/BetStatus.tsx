import { useTranslation } from 'react-i18next';
import { statusTone } from '../format';
import type { BetStatus as Status } from '../wire';

/** A bet's status: open, won, lost or void. */
export function BetStatus({ status }: { status: Status }) {
  const { t } = useTranslation('exchange');
  return (
    <span className={`status status-${statusTone(status)}`}>{t(`status.${status}`, { defaultValue: status })}</span>
  );
}
