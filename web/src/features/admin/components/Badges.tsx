import { HEALTH_LABEL, type Health } from '../actors';

/** An actor's health: colour and a word, so it never depends on colour alone. */
export function HealthBadge({ health }: { health: Health }) {
  return (
    <span className={`hbadge hbadge-${health}`} data-health={health}>
      {health === 'stuck' ? '⛔ ' : health === 'slow' ? '⚠ ' : ''}
      {HEALTH_LABEL[health]}
    </span>
  );
}

/** A deposit's or withdrawal's status. */
export function RequestBadge({ status }: { status: string }) {
  const tone = status === 'Approved' ? 'approved' : status === 'Rejected' ? 'rejected' : 'pending';
  return <span className={`status status-${tone}`}>{status || 'Pending'}</span>;
}

export function FlagBadge({ on, yes, no, tone = 'rejected' }: { on: boolean; yes: string; no?: string; tone?: 'rejected' | 'pending' | 'approved' }) {
  if (!on && !no) return null;
  return <span className={`status status-${on ? tone : 'approved'}`}>{on ? yes : no}</span>;
}
