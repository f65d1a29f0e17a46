import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chipInr } from '../money';
import '../round-table.css';
import { AmountChips } from '@/components/AmountChips';

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
    <AmountChips
      amounts={amounts}
      onPick={onSelect}
      className="rt-chips"
      label={t('stake.label')}
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      chipClass={(a) => `rt-chip ${selected === a ? 'rt-chip-on' : ''}`}
      text={(a) => (
        <>
          <b>{chipInr(a)}</b>
          {note && <small>{note(a)}</small>}
        </>
      )}
      pressed={(a) => selected === a}
      testId={(a) => `stake-${a}`}
      disabled={disabled}
    />
  );
}
