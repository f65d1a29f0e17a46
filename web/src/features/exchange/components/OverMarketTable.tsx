import { useTranslation } from 'react-i18next';
import { Flash } from '@/components/Flash';
import { StatusBadge } from '../../sports/components/StatusBadge';
import { formatRate } from '../../sports/format';
import type { Fancy } from '../../sports/wire';
import { marketExposure } from '@/lib/bets/book';
import { kindLabel, limitsText, type Pick } from '../slip';
import type { FancyKind, MatchBook } from '../wire';
import { PlText } from '@/components/PlText';

const NO: FancyKind = 'no';
const YES: FancyKind = 'yes';

interface Props {
  fancy: Fancy[];
  book: MatchBook | undefined;
  onPick: (p: Pick) => void;
}

/**
 * The Over Market table (session, NO, YES): each fancy line's NO run value with its NO rate and YES run value with
 * its YES rate; the exposure held on a line the player bet on; a line that is not OPEN is disabled, with its badge.
 */
export function OverMarketTable({ fancy, book, onPick }: Props) {
  const { t } = useTranslation('exchange');
  return (
    <section className="card ex-table" data-testid="ex-over-market">
      <header className="ex-head">
        <h3>{t('overMarket.title')}</h3>
        <span className="ex-limits">{limitsText()}</span>
      </header>
      <div className="ex-row ex-cols" aria-hidden>
        <span>{t('overMarket.session')}</span>
        <span>{kindLabel(NO)}</span>
        <span>{kindLabel(YES)}</span>
      </div>
      {fancy.length === 0 && <p className="empty">{t('overMarket.empty')}</p>}
      {fancy.map((f, i) => {
        const off = f.status !== 'OPEN';
        const exposure = marketExposure(book, f.marketId);
        const cell = (kind: FancyKind, runs: number, rate: number) => (
          <button
            type="button"
            className={`sp-cell ${kind === 'no' ? 'sp-lay' : 'sp-back'} sp-best ex-cell`}
            disabled={off || rate <= 0}
            aria-label={t('overMarket.price', {
              kind: kindLabel(kind),
              line: f.marketName,
              runs,
              rate: formatRate(rate),
            })}
            data-testid={`ex-${kind}-${i}`}
            onClick={() => onPick({ market: 'fancy', marketId: f.marketId, label: f.marketName, kind })}
          >
            <Flash value={runs} className="sp-price">
              {runs}
            </Flash>
            <small className="sp-size">{formatRate(rate)}</small>
          </button>
        );
        return (
          <div
            key={f.marketId}
            className={`ex-row ${off ? 'ex-off' : ''}`}
            data-testid={`ex-session-${i}`}
            data-market-id={f.marketId}
          >
            <span className="ex-name">
              <span className="ex-label">{f.marketName}</span>
              {exposure > 0 && <PlText value={-exposure} testId={`ex-session-exposure-${i}`} />}
              {off && <StatusBadge status={f.status} />}
            </span>
            {cell(NO, f.runValue.no, f.odds.no)}
            {cell(YES, f.runValue.yes, f.odds.yes)}
          </div>
        );
      })}
    </section>
  );
}
