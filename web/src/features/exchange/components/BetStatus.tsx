import { statusTone } from '../format';
import type { BetStatus as Status } from '../wire';

/** A bet's status: open, won, lost or void. */
export function BetStatus({ status }: { status: Status }) {
  return <span className={`status status-${statusTone(status)}`}>{status}</span>;
}
