/**
 * `/cricket2` (public): the cricket matches in play, each row LIVE with the match's name and date; a row opens its
 * game with the score frame, name and event id as navigation state. Signed in, the list follows the shared socket's
 * live list; a visitor (no socket without a login) asks `GET /api/live-matches` every second.
 */
import { Link } from 'react-router';
import { formatMatchDate } from '../../sports/format';
import { useLiveMatches } from '../../sports/hooks/use-live-matches';
import { usePolledLiveMatches } from '../api/get-live-matches';
import { gamePath, gameStateOf } from '../paths';
import type { LiveItem } from '../wire';
import '../parchi.css';

interface ListProps {
  rows: LiveItem[] | undefined;
  pending: boolean;
  failed: boolean;
}

function LiveList({ rows, pending, failed }: ListProps) {
  return (
    <div className="page pc-page">
      <header>
        <h1 className="page-title">Aar Par Parchi</h1>
        <p className="muted pc-intro">Pick two cricket players for a card: the card whose players score the most runs wins double.</p>
      </header>
      <section className="card pc-live" data-testid="parchi-live">
        <h2 className="card-title">Live Matches</h2>
        {pending && <p className="muted">Loading live matches...</p>}
        {failed && (
          <p className="banner-error" role="alert">
            Could not load the live matches.
          </p>
        )}
        {rows?.length === 0 && (
          <p className="empty" data-testid="parchi-live-empty">
            No live matches right now. Check back soon.
          </p>
        )}
        <ul className="pc-live-list">
          {(rows ?? []).map((m) => (
            <li key={m.eventId}>
              <Link to={gamePath(m.matchName)} state={gameStateOf(m)} className="pc-live-row" data-testid="parchi-live-row">
                <span className="pc-live-main">
                  <span className="pc-live-name">{m.matchName}</span>
                  <small className="muted">{formatMatchDate(m.matchDate)}</small>
                </span>
                <span className="live-badge pc-blink">LIVE</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function SocketList() {
  const q = useLiveMatches();
  return <LiveList rows={q.data} pending={q.isPending} failed={false} />;
}

function PolledList() {
  const q = usePolledLiveMatches();
  return <LiveList rows={q.data} pending={q.isPending} failed={q.isError && !q.data} />;
}

export function ParchiListPage({ signedIn }: { signedIn: boolean }) {
  return signedIn ? <SocketList /> : <PolledList />;
}
