/**
 * `/matchlist/currmtc` (and `/match/currmtc`), the exchange betting screen: the live score frame, then the match's
 * live header and score, then the betting tables (Match Odds, Over Market), the bet popup and the player's latest
 * bets. Opened from the Live Cricket Market list with navigation state (kept by the browser's history across a
 * reload); without it (a typed or shared address) there is no match to show.
 */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ExchangeBoard } from '../../exchange/components/ExchangeBoard';
import { liveMatchState } from '../live-state';
import { MatchDetailView } from './MatchPage';
import { ScoreFrame } from './ScoreFrame';
import '../sports.css';

/** `userId`: the signed-in player's, for their bets and book on this match. */
export function LiveMatchPage({ userId }: { userId: string | null }) {
  const { t } = useTranslation('sports');
  const state = liveMatchState(useLocation().state);
  if (!state) {
    return (
      <div className="page">
        <p className="empty" data-testid="match-missing">
          {t('match.missing')}
        </p>
        <Link to="/" className="btn btn-outline">
          {t('match.backHome')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <div className="sp-live-top">
        <ScoreFrame src={state.scoreIframe} matchName={state.matchName} />
      </div>
      <MatchDetailView
        key={state.eventId}
        matchId={String(state.eventId)}
        markets={(detail) => <ExchangeBoard detail={detail} userId={userId} />}
      />
    </>
  );
}
