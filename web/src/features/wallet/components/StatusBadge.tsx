import { statusClass } from '../validation';

export function StatusBadge({ status }: { status: string }) {
  return <span className={`status status-${statusClass(status)}`}>{status || 'Pending'}</span>;
}
