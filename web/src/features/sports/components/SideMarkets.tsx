import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../format';
import type { Bookmaker, Fancy } from '../wire';
import { Flash } from './Flash';
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
              <button type="button" className="sp-cell sp-back sp-best" disabled={off}>
                <Flash value={s.backOdds} className="sp-price">
                  {formatRate(s.backOdds)}
                </Flash>
              </button>
              <button type="button" className="sp-cell sp-lay sp-best" disabled={off}>
                <Flash value={s.layOdds} className="sp-price">
                  {formatRate(s.layOdds)}
                </Flash>
              </button>
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
              <button type="button" className="sp-cell sp-lay" disabled={off}>
                <Flash value={f.runValue.no} className="sp-price">
                  {f.runValue.no}
                </Flash>
                <small className="sp-size">{formatRate(f.odds.no)}</small>
              </button>
              <button type="button" className="sp-cell sp-back" disabled={off}>
                <Flash value={f.runValue.yes} className="sp-price">
                  {f.runValue.yes}
                </Flash>
                <small className="sp-size">{formatRate(f.odds.yes)}</small>
              </button>
            </div>
          </div>
        );
      })}
    </MarketCard>
  );
}
