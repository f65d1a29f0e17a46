/**
 * My Bets (`/history`): a tab per game family — Cricket (the exchange bets, spec screen 14 "Cricket History"),
 * Aviator, the round games (Titli Par, Andar Bahar, Color Prediction), Mines, Matka and Parchi (the three-card plays).
 * The tab is in the address (`?tab=aviator`, `?tab=rounds&game=color`), so a link or a reload keeps it.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '../../exchange/exchange.css';
import { MyPlays } from '../../parchi/components/MyPlays';
import '../history.css';
import { AviatorHistory } from './AviatorHistory';
import { CricketHistory } from './CricketHistory';
import { MatkaHistory } from './MatkaHistory';
import { MinesHistory } from './MinesHistory';
import { RoundGamesHistory } from './RoundGamesHistory';
import { Tabs } from '@/components/Tabs';

type Tab = 'cricket' | 'aviator' | 'rounds' | 'mines' | 'matka' | 'parchi';
/** The tabs; each label is `history:tabs.<id>`. */
const TABS: Tab[] = ['cricket', 'aviator', 'rounds', 'mines', 'matka', 'parchi'];
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
        className="hb-tabs"
        options={TABS.map((id) => ({ id, label: t(`tabs.${id}`) }))}
        value={tab}
        onChange={(id) => setParams({ tab: id }, { replace: true })}
      />
      {tab === 'cricket' && <CricketHistory userId={userId} />}
      {tab === 'aviator' && <AviatorHistory userId={userId} />}
      {tab === 'rounds' && <RoundGamesHistory />}
      {tab === 'mines' && <MinesHistory />}
      {tab === 'matka' && <MatkaHistory />}
      {tab === 'parchi' && <MyPlays userId={userId} />}
    </div>
  );
}
