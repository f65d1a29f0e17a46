import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMatchDate } from '../format';
import { useLiveMatches } from '../hooks/use-live-matches';
import { LIVE_MATCH_PATH, liveMatchStateOf } from '../live-state';
import '../sports.css';

/** The spec's Live Cricket Market list: the socket's matches in play; a row opens the live match screen. */
export function LiveCricketMarket() {
  const { t } = useTranslation('sports');
  const { data, isPending } = useLiveMatches();
  return (
    <section className="card matches" data-testid="live-market">
      <h2 className="card-title">{t('liveMarket.title')}</h2>
      {isPending && <p className="muted">{t('liveMarket.loading')}</p>}
      {data?.length === 0 && (
        <p className="empty" data-testid="live-empty">
          {t('liveMarket.empty')}
        </p>
      )}
      <ul className="match-list">
        {(data ?? []).map((m) => (
          <li key={m.eventId}>
            <Link
              to={LIVE_MATCH_PATH}
              state={liveMatchStateOf(m)}
              className="sp-list-row"
              data-testid="live-row"
              data-event-id={m.eventId}
            >
              <span className="sp-list-main">
                <span className="match-name">{m.matchName}</span>
                <small className="muted">{formatMatchDate(m.matchDate)}</small>
              </span>
              <span className="live-badge live-blink">{t('live')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
