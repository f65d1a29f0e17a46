import { useTranslation } from 'react-i18next';
import { badgeOf } from '../market';
import type { CloseStatus } from '../wire';

/** The spec's "Bid Live" badge: OPEN, CLOSE SESSION (close bids only) or CLOSED. */
export function StatusBadge({ status }: { status: CloseStatus | string | undefined }) {
  const { t } = useTranslation('matka');
  const b = badgeOf(status);
  const text = t(`badge.${b.tone}`);
  return (
    <span className={`mk-badge mk-badge-${b.tone}`} data-testid="matka-badge" data-status={status ?? ''}>
      {b.tone !== 'closed' && <span className="mk-live-dot" aria-hidden />}
      {b.tone === 'closed' ? text : t('badge.live', { status: text })}
    </span>
  );
}
