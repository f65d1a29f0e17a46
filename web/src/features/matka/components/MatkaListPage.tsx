import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loading } from '@/components/Loading';
import { serverNow, useMarkets } from '../api/get-markets';
import { MSG_LOAD_FAILED } from '../bids';
import { useMatkaRoom } from '../hooks/use-matka-room';
import { useNow } from '@/lib/use-now';
import { MarketCard } from './MarketCard';
import { MyBids } from './MyBids';
import '../matka.css';
import { Tabs } from '@/components/Tabs';

/** `/casino/matka`: one card per market (refreshed every 60 s and on `matka:status`), and the player's bids. */
export function MatkaListPage({ userId }: { userId: string | null }) {
  const { t } = useTranslation('matka');
  useMatkaRoom(userId);
  const q = useMarkets();
  const now = serverNow(q.data, useNow(1000));
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'bids' ? 'bids' : 'markets';
  const markets = q.data?.markets ?? [];
  return (
    <div className="mk-page">
      <header className="mk-head">
        <h1>{t('title')}</h1>
      </header>
      <Tabs
        className="mk-tabs"
        options={[
          { id: 'markets', label: t('list.markets'), testId: 'matka-tab-markets' },
          { id: 'bids', label: t('list.myBids'), testId: 'matka-tab-bids' },
        ]}
        value={tab}
        onChange={(id) => setParams(id === 'bids' ? { tab: id } : {}, { replace: true })}
      />
      {tab === 'bids' ? (
        <MyBids />
      ) : (
        <>
          {q.isPending && <Loading />}
          {q.isError && !q.data && (
            <p className="banner-error" role="alert">
              {t(MSG_LOAD_FAILED)}
            </p>
          )}
          <div className="mk-markets" data-testid="matka-markets">
            {markets.map((m) => (
              <MarketCard key={m.id} m={m} now={now} />
            ))}
            {q.data && markets.length === 0 && <p className="muted">{t('list.empty')}</p>}
          </div>
        </>
      )}
    </div>
  );
}
