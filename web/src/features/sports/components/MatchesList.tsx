import { sportName } from '@/config/constants';
import { useMatches, type MatchSummary } from '../api/get-matches';

const matchName = (m: MatchSummary) => m.name ?? m.event_name ?? m.match_name ?? 'Match';
const matchKey = (m: MatchSummary, i: number) => String(m.id ?? m.matchId ?? m.event_id ?? i);

export function MatchesList({ sportId }: { sportId: string }) {
  const sport = sportName(sportId);
  const { data, isLoading, isError } = useMatches(sportId);
  return (
    <section className="card matches">
      <h2 className="card-title">{sport.toUpperCase()}</h2>
      {isLoading && <p className="muted">Loading {sport} matches...</p>}
      {isError && <p className="banner-error">Failed to fetch matches</p>}
      {!isLoading && (data?.length ?? 0) === 0 && (
        <p className="empty" data-testid="matches-empty">
          No {sport} matches available at the moment.
        </p>
      )}
      <ul className="match-list">
        {(data ?? []).map((m, i) => (
          <li key={matchKey(m, i)}>
            {(m.inplay || m.isLive) && <span className="live-badge">LIVE</span>}
            <span className="match-name">{matchName(m)}</span>
            <small>{m.event_date ? new Date(m.event_date).toLocaleString('en-IN') : ''}</small>
          </li>
        ))}
      </ul>
    </section>
  );
}
