import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '@/components/Loading';
import { BID_TYPES, bidTypeTitle, canBid, captionOf } from '../bid-types';
import { MSG_LOAD_FAILED } from '../bids';
import { bidPath, LIST_PATH } from '../paths';
import { MarketHeader } from './MarketHeader';
import { MarketMissing } from './MarketMissing';
import { useMarketRoute } from '../hooks/use-market-route';
import '../matka.css';

/** `/casino/play/{gameName}/{bidStatus}`: the bid types with the server's rates; jodi and sangams greyed out once the open session is over. */
export function PlayPage({ userId }: { userId: string | null }) {
  const { t } = useTranslation('matka');
  const { params, q, m, now } = useMarketRoute(userId);
  if (q.isPending) return <Loading />;
  if (!m)
    return (
      <MarketMissing>{q.isError ? t(MSG_LOAD_FAILED) : t('noMarket', { name: params.gameName ?? '' })}</MarketMissing>
    );
  return (
    <div className="mk-page">
      <MarketHeader m={m} now={now} back={LIST_PATH} />
      {m.closeStatus === 'Close' && <p className="mk-note">{t('play.closeOnly')}</p>}
      {m.closeStatus === 'Closed' && <p className="mk-note">{t('play.closed')}</p>}
      <div className="mk-types" data-testid="matka-types">
        {BID_TYPES.map((b) => {
          const caption = captionOf(q.data?.rates, b.type);
          const on = canBid(m.closeStatus, b.type);
          const face = (
            <>
              <span className="mk-type-art" aria-hidden>
                {b.glyph}
              </span>
              <span className="mk-type-title">{bidTypeTitle(b.type)}</span>
              <span className="mk-type-caption">{caption}</span>
            </>
          );
          return on ? (
            <Link
              key={b.type}
              to={bidPath(m, b.type, caption)}
              className="mk-type"
              data-testid={`matka-type-${b.type}`}
            >
              {face}
            </Link>
          ) : (
            <div key={b.type} className="mk-type mk-type-off" aria-disabled="true" data-testid={`matka-type-${b.type}`}>
              {face}
            </div>
          );
        })}
      </div>
    </div>
  );
}
