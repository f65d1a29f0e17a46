import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../format';
import type { Bookmaker, Fancy } from '../wire';
import { PriceCell } from './PriceCell';
import { StatusBadge } from './StatusBadge';

interface MarketProps {
  testId: string;
  /** The market's name, and what follows it in the head (its status). */
  name: string;
  status?: ReactNode;
  /** The two columns' labels, in their order. */
  columns: [ReactNode, ReactNode];
  children: ReactNode;
}

/** A side market's card: its head, the labels over its two columns of cells, then its rows. */
function MarketCard({ testId, name, status, columns, children }: MarketProps) {
  return (
    <section className="card sp-market" data-testid={testId}>
      <header className="sp-market-head">
        <h3>{name}</h3>
        {status}
      </header>
      <div className="sp-odds-head sp-two" aria-hidden>
        <span />
        {columns[0]}
        {columns[1]}
      </div>
      {children}
    </section>
  );
}

/** Bookmaker: each selection's lagai (back) and khai (lay) rate ×100. */
export function BookmakerCard({ bm }: { bm: Bookmaker }) {
  const { t } = useTranslation('sports');
  return (
    <MarketCard
      testId="bookmaker"
      name={bm.marketName || t('odds.bookmaker')}
      status={<StatusBadge status={bm.status} />}
      columns={[
        <span className="sp-back-label">{t('odds.back')}</span>,
        <span className="sp-lay-label">{t('odds.lay')}</span>,
      ]}
    >
      {bm.selections.map((s) => {
        const off = bm.status !== 'OPEN' || s.status !== 'OPEN';
        return (
          <div key={s.id} className={`sp-runner sp-two ${off ? 'sp-suspended' : ''}`}>
            <span className="sp-runner-name">{s.name}</span>
            <div className="sp-cells">
              <PriceCell side="back" best value={s.backOdds} disabled={off}>
                {formatRate(s.backOdds)}
              </PriceCell>
              <PriceCell side="lay" best value={s.layOdds} disabled={off}>
                {formatRate(s.layOdds)}
              </PriceCell>
            </div>
          </div>
        );
      })}
    </MarketCard>
  );
}

/** Fancy sessions: NO (pink) and YES (blue) run values with their rates. */
export function FancyCard({ fancy }: { fancy: Fancy[] }) {
  const { t } = useTranslation('sports');
  return (
    <MarketCard
      testId="fancy"
      name={t('odds.fancy')}
      columns={[
        <span className="sp-lay-label">{t('odds.no')}</span>,
        <span className="sp-back-label">{t('odds.yes')}</span>,
      ]}
    >
      {fancy.map((f) => {
        const off = f.status !== 'OPEN';
        return (
          <div key={f.marketId} className={`sp-runner sp-two ${off ? 'sp-suspended' : ''}`} data-testid="fancy-row">
            <span className="sp-runner-name">
              {f.marketName} <StatusBadge status={f.status} />
            </span>
            <div className="sp-cells">
              <PriceCell side="lay" value={f.runValue.no} size={formatRate(f.odds.no)} disabled={off}>
                {f.runValue.no}
              </PriceCell>
              <PriceCell side="back" value={f.runValue.yes} size={formatRate(f.odds.yes)} disabled={off}>
                {f.runValue.yes}
              </PriceCell>
            </div>
          </div>
        );
      })}
    </MarketCard>
  );
}
