import { useTranslation } from 'react-i18next';
import type { Health } from '../actors';

const ICON: Record<Health, string> = { stuck: '⛔ ', slow: '⚠ ', ok: '', unknown: '' };

/** An actor's health (or, with `label`, anything told as loud as one): colour and a word, so it never depends on colour alone. */
export function HealthBadge({ health, label }: { health: Health; label?: string }) {
  const { t } = useTranslation('admin');
  return (
    <span className={`hbadge hbadge-${health}`} data-health={health}>
      {ICON[health]}
      {label ?? t(`health.label.${health}`)}
    </span>
  );
}

/** A deposit's or withdrawal's status (a status this console does not know, as the server wrote it). */
export function RequestBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  const tone = status === 'Approved' ? 'approved' : status === 'Rejected' ? 'rejected' : 'pending';
  const shown = status || 'Pending';
  return <span className={`status status-${tone}`}>{t(`values.requestStatus.${shown}`, { defaultValue: shown })}</span>;
}

export function FlagBadge({
  on,
  yes,
  no,
  tone = 'rejected',
}: {
  on: boolean;
  yes: string;
  no?: string;
  tone?: 'rejected' | 'pending' | 'approved';
}) {
  if (!on && !no) return null;
  return <span className={`status status-${on ? tone : 'approved'}`}>{on ? yes : no}</span>;
}
