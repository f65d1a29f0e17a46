import { fixed2 } from '@/lib/money';
import { PICTURES } from '../pictures';
import type { Selection } from '../selection';
import '../titli.css';

interface Props {
  selection: Selection;
  winner: number | null;
  disabled: boolean;
  onTap: (pick: number) => void;
}

/** The twelve pictures; a tap adds the chosen amount to that picture. */
export function PictureGrid({ selection, winner, disabled, onTap }: Props) {
  return (
    <div className="titli-grid" role="group" aria-label="Pictures">
      {PICTURES.map((p) => {
        const amount = selection[p.number] ?? 0;
        const cls = ['titli-tile', amount > 0 ? 'titli-picked' : '', winner === p.number ? 'titli-win' : ''].join(' ');
        return (
          <button
            key={p.number}
            type="button"
            className={cls}
            disabled={disabled}
            aria-pressed={amount > 0}
            aria-label={`${p.label}${amount > 0 ? `, ₹${fixed2(amount)}` : ''}`}
            data-testid={`pick-${p.number}`}
            onClick={() => onTap(p.number)}
          >
            <span className="titli-emoji" aria-hidden>
              {p.emoji}
            </span>
            <span className="titli-name">{p.label}</span>
            {amount > 0 && (
              <span className="titli-stake" data-testid={`pick-amount-${p.number}`}>
                ₹{amount.toLocaleString('en-IN')}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
