/**
 * `/cricket2` (public): the cricket matches in play, each row LIVE with the match's name and date; a row opens its
 * game with the score frame, name and event id as navigation state. Signed in, the list follows the shared socket's
 * live list; a visitor (no socket without a login) asks `GET /api/live-matches` every second.
 */
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('parchi');
  return (
    <div className="page pc-page">
      <header>
        <h1 className="page-title">{t('title')}</h1>
        <p className="muted pc-intro">{t('intro')}</p>
      </header>
      <section className="card pc-live" data-testid="parchi-live">
        <h2 className="card-title">{t('liveList.title')}</h2>
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
              <Link to={gamePath(m.matchName)} state={gameStateOf(m)} className="pc-live-row" data-testid="parchi-live-row">
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
