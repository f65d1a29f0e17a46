import { useTranslation } from 'react-i18next';
import { StakeChips } from '../../round-table/components/StakeChips';
import { chipInr } from '../../round-table/money';
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
export function TitliBetPanel({
  chip,
  payout,
  status,
  canEdit,
  placed,
  busy,
  hasPicks,
  onChip,
  onClear,
  onPlace,
}: Props) {
  const { t } = useTranslation('titli');
  const placeText = placed ? t('bet.placed') : busy ? t('roundTable:bet.placing') : t('roundTable:bet.place');
  return (
    <section className="card rt-bet" aria-label={t('roundTable:bet.label')}>
      <StakeChips
        amounts={TITLI_AMOUNTS}
        selected={chip}
        disabled={!canEdit}
        onSelect={onChip}
        note={(a) => t('bet.wins', { amount: chipInr(winsFor(a, payout)) })}
      />
      <p className={`rt-line-status rt-${status.tone}`} data-testid="bet-status" role="status">
        {status.text}
      </p>
      <div className="titli-actions">
        <button
          type="button"
          className="btn btn-outline"
          disabled={!canEdit || !hasPicks}
          onClick={onClear}
          data-testid="clear-bet"
        >
          {t('bet.clear')}
        </button>
        <button
          type="button"
          className="btn btn-bet rt-place"
          disabled={!canEdit || busy}
          onClick={onPlace}
          data-testid="place-bet"
        >
          {placeText}
        </button>
      </div>
    </section>
  );
}
