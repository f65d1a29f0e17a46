import { formatInr } from '@/lib/money';
import { useMyBids } from '../api/get-bids';
import { bidTypeTitle } from '../bid-types';
import type { BidRow } from '../api/types';

const STATUS: Record<BidRow['status'], string> = { held: 'Waiting', won: 'Won', lost: 'Lost' };
const when = (ms: number) => {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
};
const sessionText = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : '—');

function Row({ b }: { b: BidRow }) {
  const { status } = b;
  return (
    <li className={`mk-bid mk-bid-${status}`} data-testid="matka-bid-row" data-status={status} data-draw-no={b.drawNo} data-number={b.number}>
      <span className="mk-bid-what">
        <b>{b.market}</b>
        <small>
          {bidTypeTitle(b.bidType)} · {sessionText(b.session)} · #{b.drawNo}
        </small>
        <small>{when(b.createdAt)}</small>
      </span>
      <span className="mk-bid-number">{b.number}</span>
      <span className="mk-bid-points">{formatInr(b.points)}</span>
      <span className="mk-bid-status">
        <b>{STATUS[status]}</b>
        {status === 'won' && <small>+{formatInr(b.payout)}</small>}
      </span>
    </li>
  );
}

/** The player's bids from the server (`GET /api/bids`), newest first: market, type, session, number, points, result. */
export function MyBids() {
  const q = useMyBids();
  const rows = q.data ?? [];
  return (
    <section className="card mk-bids" aria-label="My bids">
      <header className="mk-bids-head">
        <b>My Bids</b>
        <span className="muted small">number · points · result</span>
      </header>
      {q.isLoading && <p className="muted">Loading...</p>}
      {q.isError && <p className="form-error">Could not load your bids.</p>}
      <ul className="mk-bid-list" data-testid="matka-bids">
        {rows.map((b) => (
          <Row key={b.id} b={b} />
        ))}
        {!q.isLoading && !q.isError && rows.length === 0 && <li className="empty">No bids yet.</li>}
      </ul>
    </section>
  );
}
