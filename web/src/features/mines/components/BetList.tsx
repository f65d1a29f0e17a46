import { Link } from 'react-router';
import { formatInr } from '@/lib/money';
import { showMultiplier } from '../payout';
import type { HistoryRow } from '../wire';

const time = (ms: number) => {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('en-IN', { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' });
};

/** The player's finished games from the server (`GET /api/mines/history`), newest first; each links to its check. */
export function BetList({ rows, loading, failed }: { rows: HistoryRow[] | undefined; loading: boolean; failed: boolean }) {
  const list = rows ?? [];
  return (
    <section className="card mn-history" aria-label="My bets">
      <header className="feed-head">
        <b>My Bets</b>
      </header>
      {loading && <p className="muted">Loading...</p>}
      {failed && <p className="form-error">Could not load your bets.</p>}
      <ul className="mn-history-list" data-testid="mines-history">
        {list.map((r) => {
          const won = r.result === 'Won';
          return (
            <li key={r.gameId} className={won ? 'mn-h-won' : 'mn-h-lost'} data-testid="mines-history-row" data-game-id={r.gameId}>
              <span className="mn-h-id">
                <Link to={`/fairness?game=mines&gameId=${r.gameId}`} title="Check this game on the Fairness screen">
                  #{r.gameId}
                </Link>
                <small>{time(r.date)}</small>
              </span>
              <span className="mn-h-bet">
                {formatInr(r.bet)}
                <small>
                  {r.mines} mines · {r.safe} safe
                </small>
              </span>
              <span className="mn-h-x">{won ? `${showMultiplier(r.multiplier)}x` : 'Lost'}</span>
              <b className="mn-h-pay">{won ? `+${formatInr(r.winnings)}` : `−${formatInr(r.bet)}`}</b>
            </li>
          );
        })}
        {!loading && !failed && list.length === 0 && <li className="empty">No bets yet.</li>}
      </ul>
    </section>
  );
}
