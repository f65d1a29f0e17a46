/**
 * My Bets (`/history`): two tabs, Cricket (the exchange bets, spec screen 14 "Cricket History") and Aviator. The tab
 * is in the address (`?tab=aviator`), so a link or a reload keeps it.
 */
import { useSearchParams } from 'react-router';
import '../../exchange/exchange.css';
import { AviatorHistory } from './AviatorHistory';
import { CricketHistory } from './CricketHistory';

type Tab = 'cricket' | 'aviator';
const TABS: { id: Tab; label: string }[] = [
  { id: 'cricket', label: 'Cricket' },
  { id: 'aviator', label: 'Aviator' },
];

export function MyBetsPage({ userId }: { userId: string | null }) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'aviator' ? 'aviator' : 'cricket';
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
      {tab === 'cricket' ? <CricketHistory userId={userId} /> : <AviatorHistory userId={userId} />}
    </div>
  );
}
