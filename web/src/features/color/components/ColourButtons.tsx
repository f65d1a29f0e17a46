import { useTranslation } from 'react-i18next';
import { colourLabel } from '../colours';
import { COLOURS, type Colour } from '../wire';
import '../color.css';

interface Props {
  selected: Colour | null;
  payout: (c: Colour) => number;
  counts: Record<Colour, number>;
  /** How many recent rounds `counts` covers. */
  rounds: number;
  disabled: boolean;
  onSelect: (c: Colour) => void;
}

/** The three colours with what each pays and how often it won lately. */
export function ColourButtons({ selected, payout, counts, rounds, disabled, onSelect }: Props) {
  const { t } = useTranslation('color');
  return (
    <div className="cp-buttons" role="group" aria-label={t('buttons.label')}>
      {COLOURS.map((c) => (
        <button
          key={c}
          type="button"
          className={`cp-btn cp-${c}`}
          aria-pressed={selected === c}
          disabled={disabled}
          onClick={() => onSelect(c)}
          data-testid={`pick-${c}`}
        >
          {colourLabel(c)}
          <small data-testid={`payout-${c}`}>{payout(c)}×</small>
          {rounds > 0 && <em>{t('buttons.count', { won: counts[c], rounds })}</em>}
        </button>
      ))}
    </div>
  );
}
