import { StakeChips } from '../../round-table/components/StakeChips';
import { winsFor } from '../selection';

const TITLI_AMOUNTS = [10, 20, 50, 100, 500, 1000, 2000, 5000] as const;

interface Props {
  chip: number;
  payout: number;
  status: { text: string; tone: 'info' | 'warn' | 'ok' };
  canEdit: boolean;
  placed: boolean;
  busy: boolean;
  hasPicks: boolean;
  onChip: (amount: number) => void;
  onClear: () => void;
  onPlace: () => void;
}

/** Bet amounts ("wins ₹…"), the status line, Clear and Place Bet. */
export function TitliBetPanel({ chip, payout, status, canEdit, placed, busy, hasPicks, onChip, onClear, onPlace }: Props) {
  return (
    <section className="card rt-bet" aria-label="Bet">
      <StakeChips
        amounts={TITLI_AMOUNTS}
        selected={chip}
        disabled={!canEdit}
        onSelect={onChip}
        note={(a) => `wins ₹${winsFor(a, payout).toLocaleString('en-IN')}`}
      />
      <p className={`rt-line-status rt-${status.tone}`} data-testid="bet-status" role="status">
        {status.text}
      </p>
      <div className="titli-actions">
        <button type="button" className="btn btn-outline" disabled={!canEdit || !hasPicks} onClick={onClear} data-testid="clear-bet">
          Clear
        </button>
        <button type="button" className="btn btn-bet rt-place" disabled={!canEdit || busy} onClick={onPlace} data-testid="place-bet">
          {placed ? 'Bet Placed' : busy ? 'Placing…' : 'Place Bet'}
        </button>
      </div>
    </section>
  );
}
