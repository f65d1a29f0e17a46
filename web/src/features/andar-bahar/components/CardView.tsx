import { cardLabel, isCard, isRed } from '../cards';
import type { Card } from '../wire';
import '../andar-bahar.css';

/** A face-up card, or an empty slot when `card` is null. */
export function CardView({ card, big, testId }: { card: Card | null; big?: boolean; testId?: string }) {
  if (card === null || !isCard(card)) {
    return (
      <span className={`ab-card ab-card-empty ${big ? 'ab-card-big' : ''}`} data-testid={testId} aria-hidden={!big} />
    );
  }
  return (
    <span
      className={`ab-card ${isRed(card) ? 'ab-red' : 'ab-black'} ${big ? 'ab-card-big' : ''}`}
      data-testid={testId}
      data-card={card}
    >
      {cardLabel(card)}
    </span>
  );
}
