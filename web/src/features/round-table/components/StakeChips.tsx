import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chipInr } from '../money';
import '../round-table.css';

interface Props {
  amounts: readonly number[];
  selected: number | null;
  disabled?: boolean;
  onSelect: (amount: number) => void;
  /** A second line under the amount (e.g. "wins ₹100"). */
  note?: (amount: number) => ReactNode;
  columns?: number;
}

/** Bet amount buttons. */
export function StakeChips({ amounts, selected, disabled, onSelect, note, columns = 4 }: Props) {
  const { t } = useTranslation('roundTable');
  return (
    <div
      className="rt-chips"
      role="group"
      aria-label={t('stake.label')}
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
    >
      {amounts.map((a) => (
        <button
          key={a}
          type="button"
          className={`chip rt-chip ${selected === a ? 'rt-chip-on' : ''}`}
          aria-pressed={selected === a}
          disabled={disabled}
          data-testid={`stake-${a}`}
          onClick={() => onSelect(a)}
        >
          <b>{chipInr(a)}</b>
          {note && <small>{note(a)}</small>}
        </button>
      ))}
    </div>
  );
}
