/** Match detail `/match/{matchId}`: header, live score, Match Odds first, then bookmaker and fancy. Display only. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useMatch } from '../api/get-match';
import { formatMatchDate } from '../format';
import { useMatchRoom } from '../hooks/use-match-room';
import type { MatchDetailJson } from '../api/types';
import { MatchOdds } from './MatchOdds';
import { ScoreLine } from './ScoreLine';
import { BookmakerCard, FancyCard } from './SideMarkets';
import '../sports.css';

export function MatchPage() {
  const { matchId = '' } = useParams();
  return <MatchDetailView key={matchId} matchId={matchId} />;
}

/**
 * One match's live detail (the room joined while shown); also under the live score frame of `/matchlist/currmtc`,
 * where `markets` draws the betting tables in place of the display-only market cards.
 */
export function MatchDetailView({
  matchId,
  markets,
}: {
  matchId: string;
  markets?: (detail: MatchDetailJson) => ReactNode;
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
      {markets ? (
        markets(data)
      ) : (
        <>
          <MatchOdds market={data.match} />
          {data.bookmakers.map((b) => (
            <BookmakerCard key={b.marketId} bm={b} />
          ))}
          {data.fancyMarkets.length > 0 && <FancyCard fancy={data.fancyMarkets} />}
        </>
      )}
    </div>
  );
}
