import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlText } from '@/components/PlText';
import { marketExposure, runnerPl } from '@/lib/bets/book';
import type { FancyKind, MatchBook, RunnerKind } from '@/lib/bets/wire';
import type { MatchPick } from '../bet-pick';
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

type Side = 'back' | 'lay' | 'yes' | 'no';
const BACK: Side = 'back';
const LAY: Side = 'lay';
const YES: Side = 'yes';
const NO: Side = 'no';
const LAGAI: RunnerKind = 'Lgaai';
const KHAI: RunnerKind = 'khaai';
const YES_KIND: FancyKind = 'yes';
const NO_KIND: FancyKind = 'no';

const bookmakerPick = (bm: Bookmaker, index: number, kind: RunnerKind): MatchPick => ({
  market: 'bookmaker',
  marketId: bm.marketId,
  index,
  label: bm.selections[index]?.name ?? '',
  kind,
});
const fancyPick = (f: Fancy, kind: FancyKind): MatchPick => ({
  market: 'fancy',
  marketId: f.marketId,
  label: f.marketName,
  kind,
});

interface Betting {
  /** The player's positions on this match. */
  book?: MatchBook;
  onPick: (p: MatchPick) => void;
}

/** Bookmaker: each selection's lagai (back) and khai (lay) rate ×100, and the player's P/L if it wins; a tap bets. */
export function BookmakerCard({ bm, book, onPick }: { bm: Bookmaker } & Betting) {
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
      {bm.selections.map((s, i) => {
        const off = bm.status !== 'OPEN' || s.status !== 'OPEN';
        const pl = runnerPl(book, bm.marketId, i);
        const label = (side: Side, rate: number) =>
          t('odds.price', { side: t(`odds.${side}`), name: s.name, price: formatRate(rate) });
        return (
          <div key={s.id} className={`sp-runner sp-two ${off ? 'sp-suspended' : ''}`} data-testid={`bm-${i}`}>
            <span className="sp-runner-name">
              {s.name}
              {pl !== null && <PlText value={pl} testId={`bm-${i}-pl`} />}
            </span>
            <div className="sp-cells">
              <PriceCell
                side="back"
                best
                value={s.backOdds}
                disabled={off || s.backOdds <= 0}
                testId={`bm-${i}-back`}
                label={label(BACK, s.backOdds)}
                onPick={() => onPick(bookmakerPick(bm, i, LAGAI))}
              >
                {formatRate(s.backOdds)}
              </PriceCell>
              <PriceCell
                side="lay"
                best
                value={s.layOdds}
                disabled={off || s.layOdds <= 0}
                testId={`bm-${i}-lay`}
                label={label(LAY, s.layOdds)}
                onPick={() => onPick(bookmakerPick(bm, i, KHAI))}
              >
                {formatRate(s.layOdds)}
              </PriceCell>
            </div>
          </div>
        );
      })}
    </MarketCard>
  );
}

/** Fancy sessions: NO (pink) and YES (blue) run values with their rates, and the exposure held on a line; a tap bets. */
export function FancyCard({ fancy, book, onPick }: { fancy: Fancy[] } & Betting) {
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
      {fancy.map((f, i) => {
        const off = f.status !== 'OPEN';
        const exposure = marketExposure(book, f.marketId);
        const label = (side: Side, runs: number, rate: number) =>
          t('odds.linePrice', { side: t(`odds.${side}`), name: f.marketName, runs, rate: formatRate(rate) });
        return (
          <div key={f.marketId} className={`sp-runner sp-two ${off ? 'sp-suspended' : ''}`} data-testid="fancy-row">
            <span className="sp-runner-name">
              {f.marketName} <StatusBadge status={f.status} />
              {exposure > 0 && <PlText value={-exposure} testId={`fancy-${i}-exposure`} />}
            </span>
            <div className="sp-cells">
              <PriceCell
                side="lay"
                value={f.runValue.no}
                size={formatRate(f.odds.no)}
                disabled={off || f.odds.no <= 0}
                testId={`fancy-${i}-no`}
                label={label(NO, f.runValue.no, f.odds.no)}
                onPick={() => onPick(fancyPick(f, NO_KIND))}
              >
                {f.runValue.no}
              </PriceCell>
              <PriceCell
                side="back"
                value={f.runValue.yes}
                size={formatRate(f.odds.yes)}
                disabled={off || f.odds.yes <= 0}
                testId={`fancy-${i}-yes`}
                label={label(YES, f.runValue.yes, f.odds.yes)}
                onPick={() => onPick(fancyPick(f, YES_KIND))}
              >
                {f.runValue.yes}
              </PriceCell>
            </div>
          </div>
        );
      })}
    </MarketCard>
  );
}
