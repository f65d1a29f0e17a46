import { useTranslation } from 'react-i18next';
import { fixed2 } from '@/lib/money';
import { chipInr } from '../../round-table/money';
import { PICTURES, pictureLabel, type Picture } from '../pictures';
import type { Selection } from '../selection';
import '../titli.css';

interface Props {
  selection: Selection;
  winner: number | null;
  disabled: boolean;
  onTap: (pick: number) => void;
}

const tileClass = (p: Picture, amount: number, winner: number | null) =>
  ['titli-tile', amount > 0 ? 'titli-picked' : '', winner === p.number ? 'titli-win' : ''].join(' ');

/** The twelve pictures; a tap adds the chosen amount to that picture. */
export function PictureGrid({ selection, winner, disabled, onTap }: Props) {
  const { t } = useTranslation('titli');
  return (
    <div className="titli-grid" role="group" aria-label={t('grid.label')}>
      {PICTURES.map((p) => {
        const amount = selection[p.number] ?? 0;
        const label = pictureLabel(p);
        return (
          <button
            key={p.number}
            type="button"
            className={tileClass(p, amount, winner)}
            disabled={disabled}
            aria-pressed={amount > 0}
            aria-label={amount > 0 ? t('grid.tileWithAmount', { label, amount: `₹${fixed2(amount)}` }) : label}
            data-testid={`pick-${p.number}`}
            onClick={() => onTap(p.number)}
          >
            <span className="titli-emoji" aria-hidden>
              {p.emoji}
            </span>
            <span className="titli-name">{label}</span>
            {amount > 0 && (
              <span className="titli-stake" data-testid={`pick-amount-${p.number}`}>
                {chipInr(amount)}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
