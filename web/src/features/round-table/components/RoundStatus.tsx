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
  return (
    <div className="rt-status">
      <span className={`rt-badge ${open ? 'rt-open' : 'rt-closed'}`} data-testid="status-badge">
        {open ? 'Open' : 'Closed'}
      </span>
      <span className="rt-countdown">
        <small>{label}</small>
        <b data-testid="countdown">{seconds}</b>
        <small>s</small>
      </span>
      <span className="rt-round">
        Round <b data-testid="round-id">{roundId ?? '—'}</b>
      </span>
    </div>
  );
}
