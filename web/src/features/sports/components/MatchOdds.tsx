import { useTranslation } from 'react-i18next';
import { formatPrice, formatSize } from '../format';
import type { Level, Market } from '../wire';
import { PriceCell } from './PriceCell';
import { StatusBadge } from './StatusBadge';

const LEVELS = 3;
const BACK = 'back';
const LAY = 'lay';

/** Three levels, best nearest the middle: backs read outward-in (3rd, 2nd, best), lays best first. */
function cells(levels: Level[], side: 'back' | 'lay', disabled: boolean, testid: string) {
  const padded = Array.from({ length: LEVELS }, (_, i) => levels[i]);
  const ordered = side === 'back' ? [...padded].reverse() : padded;
  return ordered.map((l, i) => {
    const best = side === 'back' ? i === LEVELS - 1 : i === 0;
    return (
      <PriceCell
        key={`${side}-${i}`}
        side={side}
        best={best}
        value={l?.price ?? 0}
        size={formatSize(l?.size)}
        disabled={disabled || !l}
        testId={best ? `${testid}-${side}` : undefined}
      >
        {formatPrice(l?.price)}
      </PriceCell>
    );
  });
}

/** The main market: each runner with three back (blue) and three lay (pink) prices; display only for now. */
export function MatchOdds({ market }: { market: Market }) {
  const { t } = useTranslation('sports');
  const suspended = market.status !== 'OPEN';
  return (
    <section className="card sp-market" data-testid="match-odds">
      <header className="sp-market-head">
        <h3>{market.marketName}</h3>
        <StatusBadge status={market.status} />
      </header>
      <div className="sp-odds-head" aria-hidden>
        <span />
        <span className="sp-back-label">{t('odds.back')}</span>
        <span className="sp-lay-label">{t('odds.lay')}</span>
      </div>
      {market.runners.map((r, i) => (
        <div key={r.selectionId} className={`sp-runner ${suspended ? 'sp-suspended' : ''}`} data-testid={`runner-${i}`}>
          <span className="sp-runner-name">{r.runnerName}</span>
          <div className="sp-cells">
            {cells(r.ex.availableToBack, BACK, suspended, `runner-${i}`)}
            {cells(r.ex.availableToLay, LAY, suspended, `runner-${i}`)}
          </div>
        </div>
      ))}
    </section>
  );
}
