import { signed } from '@/lib/bets/book';
import './bet-slip.css';

/** A signed amount, green when non-negative and red otherwise. */
export function PlText({ value, testId }: { value: number; testId?: string }) {
  return (
    <span className={`ex-pl ${value >= 0 ? 'ex-plus' : 'ex-minus'}`} data-testid={testId}>
      {signed(value)}
    </span>
  );
}
