/**
 * `/cricket2` (public): the cricket matches whose games take plays (upcoming: plays close at each match's first ball,
 * counted down), then the matches in play (plays closed; their games are followed live), each row LIVE with the
 * match's name and date. A row opens its game with the score frame, name and event id as navigation state. The
 * upcoming list is asked every 10 s; signed in, the live list follows the shared socket's; a visitor (no socket
 * without a login) asks `GET /api/live-matches` every second.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMatchDate } from '../../sports/format';
import { useLiveMatches } from '../../sports/hooks/use-live-matches';
import { usePolledLiveMatches } from '../api/get-live-matches';
import { useUpcoming } from '../api/get-upcoming';
import { useNow } from '@/lib/use-now';
import { gamePath, gameStateOf } from '../paths';
import { countdown } from '../rules';
import type { LiveItem } from '../wire';
import '../parchi.css';

/** The matches not started yet: plays open on their games until the first ball, counted down. */
function UpcomingList() {
  const { t } = useTranslation('parchi');
  const q = useUpcoming();
  const rows = q.data;
  const now = useNow(1000, (rows?.length ?? 0) > 0);
  return (
    <section className="card pc-live" data-testid="parchi-upcoming">
      <h2 className="card-title">{t('upcoming.title')}</h2>
      {q.isPending && <p className="muted">{t('upcoming.loading')}</p>}
      {q.isError && !rows && (
        <p className="banner-error" role="alert">
          {t('upcoming.failed')}
        </p>
      )}
      {rows?.length === 0 && (
        <p className="empty" data-testid="parchi-upcoming-empty">
          {t('upcoming.empty')}
        </p>
      )}
      <ul className="pc-live-list">
        {(rows ?? []).map((m) => {
          const left = m.startsAt - now;
          return (
            <li key={m.eventId}>
              <Link
                to={gamePath(m.matchName)}
                state={gameStateOf(m)}
                className="pc-live-row"
                data-testid="parchi-upcoming-row"
              >
                <span className="pc-live-main">
                  <span className="pc-live-name">{m.matchName}</span>
                  <small className="muted">{formatMatchDate(m.startsAt)}</small>
                  <small className="pc-closes-in" data-testid="parchi-closes-in">
                    {left > 0 ? t('upcoming.closesIn', { time: countdown(left) }) : t('upcoming.closing')}
                  </small>
                </span>
                <span className="pc-upcoming-badge">{t('upcoming.open')}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

interface ListProps {
  rows: LiveItem[] | undefined;
  pending: boolean;
  failed: boolean;
}

function LiveList({ rows, pending, failed }: ListProps) {
  const { t } = useTranslation('parchi');
  return (
    <section className="card pc-live" data-testid="parchi-live">
      <h2 className="card-title">{t('liveList.title')}</h2>
      <p className="muted pc-list-note">{t('liveList.note')}</p>
      {pending && <p className="muted">{t('liveList.loading')}</p>}
      {failed && (
        <p className="banner-error" role="alert">
          {t('liveList.failed')}
        </p>
      )}
      {rows?.length === 0 && (
        <p className="empty" data-testid="parchi-live-empty">
          {t('liveList.empty')}
        </p>
      )}
      <ul className="pc-live-list">
        {(rows ?? []).map((m) => (
          <li key={m.eventId}>
            <Link
              to={gamePath(m.matchName)}
              state={gameStateOf(m)}
              className="pc-live-row"
              data-testid="parchi-live-row"
            >
              <span className="pc-live-main">
                <span className="pc-live-name">{m.matchName}</span>
                <small className="muted">{formatMatchDate(m.matchDate)}</small>
              </span>
              <span className="live-badge pc-blink">{t('live')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
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
  const { t } = useTranslation('parchi');
  return (
    <div className="page pc-page">
      <header>
        <h1 className="page-title">{t('title')}</h1>
        <p className="muted pc-intro">{t('intro')}</p>
      </header>
      <UpcomingList />
      {signedIn ? <SocketList /> : <PolledList />}
    </div>
  );
}
