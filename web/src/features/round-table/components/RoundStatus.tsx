import { useTranslation } from 'react-i18next';
import '../round-table.css';

interface Props {
  roundId: number | null;
  open: boolean;
  seconds: number;
  /** What the countdown counts to, e.g. "Result in". */
  label: string;
}

/** The Open/Closed badge, the countdown and the round id. */
export function RoundStatus({ roundId, open, seconds, label }: Props) {
  const { t } = useTranslation('roundTable');
  return (
    <div className="rt-status">
      <span className={`rt-badge ${open ? 'rt-open' : 'rt-closed'}`} data-testid="status-badge">
        {open ? t('status.open') : t('status.closed')}
      </span>
      <span className="rt-countdown">
        <small>{label}</small>
        <b data-testid="countdown">{seconds}</b>
        <small>{t('status.seconds')}</small>
      </span>
      <span className="rt-round">
        {t('status.round')} <b data-testid="round-id">{roundId ?? '—'}</b>
      </span>
    </div>
  );
}
