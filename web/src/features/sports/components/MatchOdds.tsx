import { useTranslation } from 'react-i18next';
import { PlText } from '@/components/PlText';
import { runnerPl } from '@/lib/bets/book';
import type { MatchBook, RunnerKind } from '@/lib/bets/wire';
import type { MatchPick } from '../bet-pick';
import { formatPrice, formatSize } from '../format';
import type { Level, Market } from '../wire';
import { PriceCell } from './PriceCell';
import { StatusBadge } from './StatusBadge';

const LEVELS = 3;
const BACK: RunnerKind = 'Lgaai';
const LAY: RunnerKind = 'khaai';

interface Props {
  market: Market;
  /** The player's positions on this match (each runner's P/L shows once they hold one in this market). */
  book?: MatchBook;
  onPick: (p: MatchPick) => void;
}

/**
 * The main market: each runner with three back (blue) and three lay (pink) prices, best nearest the middle (backs
 * read outward-in: 3rd, 2nd, best; lays best first), and the player's P/L if it wins. A tap on any price opens the
 * bet slip at it.
 */
export function MatchOdds({ market, book, onPick }: Props) {
  const { t } = useTranslation('sports');
  const suspended = market.status !== 'OPEN';
  const cells = (levels: Level[], kind: RunnerKind, index: number, name: string) => {
    const side = kind === 'Lgaai' ? 'back' : 'lay';
    const at = Array.from({ length: LEVELS }, (_, level) => level);
    return (side === 'back' ? at.reverse() : at).map((level) => {
      const l = levels[level];
      return (
        <PriceCell
          key={`${side}-${level}`}
          side={side}
          best={level === 0}
          value={l?.price ?? 0}
          size={formatSize(l?.size)}
          disabled={suspended || !l || l.price <= 1}
          testId={level === 0 ? `runner-${index}-${side}` : `runner-${index}-${side}-${level}`}
          label={t('odds.price', { side: t(`odds.${side}`), name, price: formatPrice(l?.price) })}
          onPick={() => onPick({ market: 'exchange', marketId: market.marketId, index, label: name, kind, level })}
        >
          {formatPrice(l?.price)}
        </PriceCell>
      );
    });
  };
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
      {market.runners.map((r, i) => {
        const pl = runnerPl(book, market.marketId, i);
        return (
          <div
            key={r.selectionId}
            className={`sp-runner ${suspended ? 'sp-suspended' : ''}`}
            data-testid={`runner-${i}`}
          >
            <span className="sp-runner-name">
              {r.runnerName}
              {pl !== null && <PlText value={pl} testId={`runner-${i}-pl`} />}
            </span>
            <div className="sp-cells">
              {cells(r.ex.availableToBack, BACK, i, r.runnerName)}
              {cells(r.ex.availableToLay, LAY, i, r.runnerName)}
            </div>
          </div>
        );
      })}
    </section>
  );
}
