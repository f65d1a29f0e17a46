/**
 * My Bets (`/history`): three tabs, Cricket (the exchange bets, spec screen 14 "Cricket History"), Parchi (the
 * three-card plays) and Aviator. The tab is in the address (`?tab=aviator`), so a link or a reload keeps it.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '../../exchange/exchange.css';
import { MyPlays } from '../../parchi/components/MyPlays';
import { AviatorHistory } from './AviatorHistory';
import { CricketHistory } from './CricketHistory';
import { Tabs } from '@/components/Tabs';

type Tab = 'cricket' | 'parchi' | 'aviator';
/** The tabs; each label is `history:tabs.<id>`. */
const TABS: Tab[] = ['cricket', 'parchi', 'aviator'];
const tabOf = (v: string | null): Tab => TABS.find((id) => id === v) ?? 'cricket';

export function MyBetsPage({ userId }: { userId: string | null }) {
  const { t } = useTranslation('history');
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  if (!userId) return <p className="page muted">{t('notLoggedIn')}</p>;
  return (
    <div className="page">
      <h1 className="page-title">{t('title')}</h1>
      <Tabs
        options={TABS.map((id) => ({ id, label: t(`tabs.${id}`) }))}
        value={tab}
        onChange={(id) => setParams({ tab: id }, { replace: true })}
      />
      {tab === 'cricket' && <CricketHistory userId={userId} />}
      {tab === 'parchi' && <MyPlays userId={userId} />}
      {tab === 'aviator' && <AviatorHistory userId={userId} />}
    </div>
  );
}
