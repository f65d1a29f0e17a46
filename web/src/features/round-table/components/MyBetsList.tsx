import type { ReactNode } from 'react';
import { fixed2 } from '@/lib/money';
import type { AnyPick, AnyResult, MyBet } from '../api/get-my-bets';
import '../round-table.css';

interface Props {
  bets: MyBet[] | undefined;
  loading: boolean;
  failed: boolean;
  /** The game's own pick and result (the page tells its own from another game's). */
  renderPick: (pick: AnyPick) => ReactNode;
  renderResult: (result: AnyResult) => ReactNode;
  limit?: number;
}

const time = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' });
};

/** The player's own bets in this game (GET /api/games/{game}/bets), newest first. */
export function MyBetsList({ bets, loading, failed, renderPick, renderResult, limit = 10 }: Props) {
  const rows = (bets ?? []).slice(0, limit);
  return (
    <section className="card rt-my" aria-label="My bets">
      <header className="feed-head">
        <b>My Bets</b>
      </header>
      {loading && <p className="muted">Loading...</p>}
      {failed && <p className="form-error">Could not load your bets.</p>}
      <ul className="rt-my-list" data-testid="my-bets">
        {rows.map((b) => {
          const tone = b.result == null ? 'pending' : (b.payout ?? 0) > 0 ? 'won' : 'lost';
          return (
            <li key={`${b.roundId}-${b.ticket}`} className={`rt-my-${tone}`} data-testid="my-bet">
              <span className="rt-my-round">
                #{b.roundId} <small>{time(b.createdAt)}</small>
              </span>
              <span className="rt-feed-picks">
                {b.bets.map((l, j) => (
                  <span key={j} className="rt-line">
                    {renderPick(l.pick)} ₹{fixed2(l.amount)}
                  </span>
                ))}
              </span>
              <span className="rt-my-result">{b.result == null ? '…' : renderResult(b.result)}</span>
              <b className="rt-my-pay">{tone === 'pending' ? 'Pending' : tone === 'won' ? `₹${fixed2(b.payout ?? 0)} back` : `−₹${fixed2(b.stake)}`}</b>
            </li>
          );
        })}
        {!loading && rows.length === 0 && <li className="empty">No bets yet.</li>}
      </ul>
    </section>
  );
}
