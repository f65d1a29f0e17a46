import { useTranslation } from 'react-i18next';
import { formatRate } from '../format';
import type { Bookmaker, Fancy } from '../wire';
import { Flash } from './Flash';
import { StatusBadge } from './StatusBadge';

/** Bookmaker: each selection's lagai (back) and khai (lay) rate ×100. */
export function BookmakerCard({ bm }: { bm: Bookmaker }) {
  const { t } = useTranslation('sports');
  return (
    <section className="card sp-market" data-testid="bookmaker">
      <header className="sp-market-head">
        <h3>{bm.marketName || t('odds.bookmaker')}</h3>
        <StatusBadge status={bm.status} />
      </header>
      <div className="sp-odds-head sp-two" aria-hidden>
        <span />
        <span className="sp-back-label">{t('odds.back')}</span>
        <span className="sp-lay-label">{t('odds.lay')}</span>
      </div>
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
    </section>
  );
}

/** Fancy sessions: NO (pink) and YES (blue) run values with their rates. */
export function FancyCard({ fancy }: { fancy: Fancy[] }) {
  const { t } = useTranslation('sports');
  return (
    <section className="card sp-market" data-testid="fancy">
      <header className="sp-market-head">
        <h3>{t('odds.fancy')}</h3>
      </header>
      <div className="sp-odds-head sp-two" aria-hidden>
        <span />
        <span className="sp-lay-label">{t('odds.no')}</span>
        <span className="sp-back-label">{t('odds.yes')}</span>
      </div>
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
    </section>
  );
}
