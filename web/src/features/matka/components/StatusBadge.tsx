import { badgeOf } from '../market';
import type { CloseStatus } from '../wire';

/** The spec's "Bid Live" badge: OPEN, CLOSE SESSION (close bids only) or CLOSED. */
export function StatusBadge({ status }: { status: CloseStatus | string | undefined }) {
  const b = badgeOf(status);
  return (
    <span className={`mk-badge mk-badge-${b.tone}`} data-testid="matka-badge" data-status={status ?? ''}>
      {b.tone !== 'closed' && <span className="mk-live-dot" aria-hidden />}
      {b.tone === 'closed' ? b.text : `Bid Live · ${b.text}`}
    </span>
  );
}
