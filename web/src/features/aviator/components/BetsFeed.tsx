import { fixed2 } from '@/lib/money';
import type { FeedBet } from '../types';

/** Live bets of the current round (aviator_bet_update). */
export function BetsFeed({ bets }: { bets: FeedBet[] }) {
  const total = bets.reduce((s, b) => s + b.amount, 0);
  const won = bets.reduce((s, b) => s + (b.winnings || 0), 0);
  return (
    <section className="feed card" aria-label="All bets">
      <header className="feed-head">
        <b>All Bets</b>
        <span>
          {bets.length} bets · ₹{fixed2(total)} · won ₹{fixed2(won)}
        </span>
      </header>
      {bets.length === 0 ? (
        <p className="muted">No bets yet this round.</p>
      ) : (
        <ul className="feed-list" data-testid="bets-feed">
          {bets.map((b, i) => (
            <li key={`${b.username}-${b.slot}-${i}`} className={b.multiplier ? 'feed-won' : ''}>
              <span className="feed-user">{b.username}</span>
              <span>₹{fixed2(b.amount)}</span>
              <span className="feed-mult">{b.multiplier ? `${fixed2(b.multiplier)}x` : '—'}</span>
              <span>{b.winnings ? `₹${fixed2(b.winnings)}` : ''}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
