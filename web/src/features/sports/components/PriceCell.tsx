import type { ReactNode } from 'react';
import { Flash } from '@/components/Flash';

interface Props {
  side: 'back' | 'lay';
  /** The side's best price (drawn stronger). */
  best?: boolean;
  /** The price, which flashes as it moves, and how it reads. */
  value: number;
  children: ReactNode;
  /** What stands under the price: its size, a rate. */
  size?: ReactNode;
  disabled: boolean;
  testId?: string;
  /** Tapping the price (opens the bet slip), and what the cell is called to a screen reader. */
  onPick?: () => void;
  label?: string;
}

/** A market's price cell: back (blue) or lay (pink), the price flashing as it moves, what stands under it; a tap picks it. */
export function PriceCell({ side, best = false, value, children, size, disabled, testId, onPick, label }: Props) {
  return (
    <button
      type="button"
      className={`sp-cell sp-${side}${best ? ' sp-best' : ''}`}
      disabled={disabled}
      data-testid={testId}
      aria-label={label}
      onClick={onPick}
    >
      <Flash value={value} className="sp-price">
        {children}
      </Flash>
      {size !== undefined && <small className="sp-size">{size}</small>}
    </button>
  );
}
