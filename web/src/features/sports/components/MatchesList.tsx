import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sportName } from '@/config/constants';
import { useMatches } from '../api/get-matches';
import { formatMatchDate, formatPrice } from '../format';
import { useLiveRoom } from '../hooks/use-live-matches';
import type { ListItem } from '../api/types';
import '../sports.css';

function BestPrices({ m }: { m: ListItem }) {
  return (
    <span className="sp-list-prices">
      {m.runners.slice(0, 2).map((r, i) => (
        <span key={i} className="sp-list-pair">
          <span className="sp-back">{formatPrice(r.ex.b[0]?.price)}</span>
          <span className="sp-lay">{formatPrice(r.ex.l[0]?.price)}</span>
        </span>
      ))}
    </span>
  );
}

/** The sport's matches (in play first), live set kept current over the socket; a row opens the match detail. */
export function MatchesList({ sportId }: { sportId: string }) {
  const { t } = useTranslation('sports');
  const sport = sportName(sportId);
  const { data, isLoading, isError } = useMatches(sportId);
  useLiveRoom();
  return (
    <section className="card matches">
      <h2 className="card-title">{sport.toUpperCase()}</h2>
      {isLoading && <p className="muted">{t('list.loading', { sport })}</p>}
      {isError && <p className="banner-error">{t('list.failed')}</p>}
      {!isLoading && (data?.length ?? 0) === 0 && (
        <p className="empty" data-testid="matches-empty">
          {t('list.empty', { sport })}
        </p>
      )}
      <ul className="match-list">
        {(data ?? []).map((m) => (
          <li key={m.id}>
            <Link to={`/match/${m.id}`} className="sp-list-row" data-testid="match-row" data-live={m.inplay}>
              <span className="sp-list-main">
                <span>
                  {m.inplay && <span className="live-badge">{t('live')}</span>}{' '}
                  <span className="match-name">{m.name}</span>
                </span>
                <small className="muted">
                  {m.competition} · {formatMatchDate(m.event_date)}
                </small>
                {m.score && m.status !== 'upcoming' && <small className="sp-list-score">{m.score}</small>}
              </span>
              <BestPrices m={m} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
