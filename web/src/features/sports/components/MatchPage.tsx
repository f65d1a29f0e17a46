/** Match detail `/match/{matchId}`: header, live score, Match Odds first, then bookmaker and fancy, each price a tap from the bet slip. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useMatch } from '../api/get-match';
import { formatMatchDate } from '../format';
import { useMatchRoom } from '../hooks/use-match-room';
import type { MatchDetailJson } from '../api/types';
import { MatchMarkets } from './MatchMarkets';
import { ScoreLine } from './ScoreLine';
import '../sports.css';

/** `userId`: the signed-in player's, for their wallet and positions on this match. */
export function MatchPage({ userId = null }: { userId?: string | null }) {
  const { matchId = '' } = useParams();
  return <MatchDetailView key={matchId} matchId={matchId} userId={userId} />;
}

/**
 * One match's live detail (the room joined while shown); also under the live score frame of `/matchlist/currmtc`,
 * where `markets` draws the exchange screen's betting tables in place of the match page's market cards.
 */
export function MatchDetailView({
  matchId,
  markets,
  userId = null,
}: {
  matchId: string;
  markets?: (detail: MatchDetailJson) => ReactNode;
  userId?: string | null;
}) {
  const { t } = useTranslation('sports');
  const { data, isLoading, error } = useMatch(matchId);
  useMatchRoom(matchId);
  if (isLoading) return <p className="muted page">{t('match.loading')}</p>;
  if (error) return <p className="banner-error">{errorMessage(error, t('match.loadFailed'))}</p>;
  if (!data) {
    return (
      <p className="empty" data-testid="match-missing">
        {t('match.missing')}
      </p>
    );
  }
  const { event } = data;
  const live = event.status === 'in_play';
  return (
    <div className="page sp-match" data-testid="match-detail" data-seq={data.seq}>
      <header className="card sp-head">
        <h1 className="sp-title">
          {live && <span className="live-badge">{t('live')}</span>} {event.name}
        </h1>
        <div className="muted">
          {event.competition} · {formatMatchDate(event.eventDate)}
        </div>
        {event.status === 'finished' && <div className="sp-result">{t('match.finished')}</div>}
      </header>
      <ScoreLine score={data.score} event={event} />
      {markets ? markets(data) : <MatchMarkets detail={data} userId={userId} />}
    </div>
  );
}
