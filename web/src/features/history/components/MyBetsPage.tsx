/**
 * My Bets (`/history`): three tabs, Cricket (the exchange bets, spec screen 14 "Cricket History"), Parchi (the
 * three-card plays) and Aviator. The tab is in the address (`?tab=aviator`), so a link or a reload keeps it.
 */
import { useSearchParams } from 'react-router';
import '../../exchange/exchange.css';
import { MyPlays } from '../../parchi/components/MyPlays';
import { AviatorHistory } from './AviatorHistory';
import { CricketHistory } from './CricketHistory';

type Tab = 'cricket' | 'parchi' | 'aviator';
const TABS: { id: Tab; label: string }[] = [
  { id: 'cricket', label: 'Cricket' },
  { id: 'parchi', label: 'Parchi' },
  { id: 'aviator', label: 'Aviator' },
];
const tabOf = (v: string | null): Tab => TABS.find((t) => t.id === v)?.id ?? 'cricket';

export function MyBetsPage({ userId }: { userId: string | null }) {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  if (!userId) return <p className="page muted">User is not logged in. Please log in to view your bets.</p>;
  return (
    <div className="page">
      <h1 className="page-title">My Bets</h1>
      <div className="tabs" role="tablist">
        {TABS.map((t) => (
          <button key={t.id} type="button" role="tab" aria-selected={tab === t.id} className={tab === t.id ? 'active' : ''} onClick={() => setParams({ tab: t.id }, { replace: true })}>
            {t.label}
          </button>
        ))}
      </div>
      {tab === 'cricket' && <CricketHistory userId={userId} />}
      {tab === 'parchi' && <MyPlays userId={userId} />}
      {tab === 'aviator' && <AviatorHistory userId={userId} />}
    </div>
  );
}
