import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { rowCells, type TableCards } from '../cards';
import type { Card, Side } from '../wire';
import { CardView } from './CardView';

function Row({ side, cards, won }: { side: Side; cards: Card[]; won: boolean }) {
  const { t } = useTranslation('andarBahar');
  const ref = useRef<HTMLDivElement>(null);
  const key = side.toLowerCase();
  // Past 14 cards the row scrolls: keep the newest card in view.
  useEffect(() => {
    const el = ref.current;
    if (el && cards.length > 14) el.scrollLeft = el.scrollWidth;
  }, [cards.length]);
  return (
    <div className={`ab-row ${won ? 'ab-row-won' : ''}`}>
      <span className="ab-row-label">{t(`sides.${side}`)}</span>
      <div className="ab-cells" ref={ref} data-testid={`${key}-row`} data-count={cards.length}>
        {rowCells(cards).map((c, i) => (
          <CardView key={i} card={c} testId={c === null ? undefined : `${key}-card-${i}`} />
        ))}
      </div>
    </div>
  );
}

/** The joker in the centre, the Andar row above the Bahar row. */
export function CardTable({ cards }: { cards: TableCards }) {
  const { t } = useTranslation('andarBahar');
  return (
    <section className="ab-table" aria-label={t('table.label')}>
      <Row side="Andar" cards={cards.andar} won={cards.winner === 'Andar'} />
      <div className="ab-joker">
        <small>{t('table.joker')}</small>
        <CardView card={cards.joker} big testId="joker-card" />
      </div>
      <Row side="Bahar" cards={cards.bahar} won={cards.winner === 'Bahar'} />
    </section>
  );
}
