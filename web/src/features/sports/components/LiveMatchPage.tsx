/**
 * `/matchlist/currmtc` (and `/match/currmtc`): the live score frame, then the match's live detail. Opened from the
 * Live Cricket Market list with navigation state (kept by the browser's history across a reload); without it (a typed
 * or shared address) there is no match to show. Display only: the exchange bet slips come later.
 */
import { Link, useLocation } from 'react-router';
import { liveMatchState, scoreFramePath } from '../live-state';
import { MatchDetailView } from './MatchPage';
import '../sports.css';

function ScoreFrame({ src, matchName }: { src: string; matchName: string }) {
  const path = scoreFramePath(src);
  if (!path) {
    return (
      <p className="card sp-frame-none" data-testid="score-frame-missing">
        Live Score Not Available
      </p>
    );
  }
  return <iframe className="sp-frame" src={path} title={matchName ? `Live score: ${matchName}` : 'Live score'} data-testid="score-frame" />;
}

export function LiveMatchPage() {
  const state = liveMatchState(useLocation().state);
  if (!state) {
    return (
      <div className="page">
        <p className="empty" data-testid="match-missing">
          Match not found or no data available.
        </p>
        <Link to="/" className="btn btn-outline">
          Back to home
        </Link>
      </div>
    );
  }
  return (
    <>
      <div className="sp-live-top">
        <ScoreFrame src={state.scoreIframe} matchName={state.matchName} />
      </div>
      <MatchDetailView key={state.eventId} matchId={String(state.eventId)} />
    </>
  );
}
