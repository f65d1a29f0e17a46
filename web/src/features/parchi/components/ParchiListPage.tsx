/**
 * `/cricket2` (public): the cricket matches whose games take plays (upcoming: plays close at each match's first ball,
 * counted down), then the matches in play (plays closed; their games are followed live), each row LIVE with the
 * match's name and date. A row opens its game with the score frame, name and event id as navigation state. The
 * upcoming list is asked every 10 s; signed in, the live list follows the shared socket's; a visitor (no socket
 * without a login) asks `GET /api/live-matches` every second.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/Field';
import { Link } from 'react-router';
import { formatMatchDate } from '../../sports/format';
import { useLiveMatches } from '../../sports/hooks/use-live-matches';
import { usePolledLiveMatches } from '../api/get-live-matches';
import { useUpcoming } from '../api/get-upcoming';
import { useNow } from '@/lib/use-now';
import { gamePath, gameStateOf } from '../paths';
import { countdown } from '@/lib/countdown';
import type { LiveItem } from '../wire';
import '../parchi.css';

type Match = Pick<LiveItem, 'scoreIframe' | 'matchName' | 'eventId'>;

interface MatchListProps<M extends Match> {
  /** The card's test id; its rows are `<testId>-row`, the line saying it is empty `<testId>-empty`. */
  testId: string;
  title: string;
  note?: ReactNode;
  /** What is said while the list is on its way and when it could not be read (each only then), and when it is empty. */
  loading: string | false;
  failed: string | false;
  empty: string;
  rows: M[] | undefined;
  /** A row's date (epoch ms) and badge, and what follows the date. */
  when: (m: M) => number | undefined;
  badge: ReactNode;
  detail?: (m: M) => ReactNode;
}

/** A card listing matches, each row opening its game (the score frame, name and event id as navigation state). */
function MatchList<M extends Match>(p: MatchListProps<M>) {
  return (
    <section className="card pc-live" data-testid={p.testId}>
      <h2 className="card-title">{p.title}</h2>
      {p.note}
      {p.loading && <p className="muted">{p.loading}</p>}
      <FormError error={p.failed} className="banner-error" />
      {p.rows?.length === 0 && (
        <p className="empty" data-testid={`${p.testId}-empty`}>
          {p.empty}
        </p>
      )}
      <ul className="pc-live-list">
        {(p.rows ?? []).map((m) => (
          <li key={m.eventId}>
            <Link
              to={gamePath(m.matchName)}
              state={gameStateOf(m)}
              className="pc-live-row"
              data-testid={`${p.testId}-row`}
            >
              <span className="pc-live-main">
                <span className="pc-live-name">{m.matchName}</span>
                <small className="muted">{formatMatchDate(p.when(m))}</small>
                {p.detail?.(m)}
              </span>
              {p.badge}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The matches not started yet: plays open on their games until the first ball, counted down. */
function UpcomingList() {
  const { t } = useTranslation('parchi');
  const q = useUpcoming();
  const rows = q.data;
  const now = useNow(1000, (rows?.length ?? 0) > 0);
  const closesIn = (left: number) =>
    left > 0 ? t('upcoming.closesIn', { time: countdown(left) }) : t('upcoming.closing');
  return (
    <MatchList
      testId="parchi-upcoming"
      title={t('upcoming.title')}
      loading={q.isPending && t('upcoming.loading')}
      failed={q.isError && !rows && t('upcoming.failed')}
      empty={t('upcoming.empty')}
      rows={rows}
      when={(m) => m.startsAt}
      badge={<span className="pc-upcoming-badge">{t('upcoming.open')}</span>}
      detail={(m) => (
        <small className="pc-closes-in" data-testid="parchi-closes-in">
          {closesIn(m.startsAt - now)}
        </small>
      )}
    />
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
    <MatchList
      testId="parchi-live"
      title={t('liveList.title')}
      note={<p className="muted pc-list-note">{t('liveList.note')}</p>}
      loading={pending && t('liveList.loading')}
      failed={failed && t('liveList.failed')}
      empty={t('liveList.empty')}
      rows={rows}
      when={(m) => m.matchDate}
      badge={<span className="live-badge live-blink">{t('live')}</span>}
    />
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
