import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pointsText } from '../bids';

export interface Group {
  title: string | null;
  numbers: string[];
}

/** The listed numbers of a bid type, each with a points box (digits only); groups (by digit) can be narrowed to one. */
export function NumberGrid({
  groups,
  points,
  onPoints,
  disabled,
  wide,
}: {
  groups: Group[];
  points: Record<string, string>;
  onPoints: (number: string, text: string) => void;
  disabled: boolean;
  wide: boolean;
}) {
  const { t } = useTranslation('matka');
  const [only, setOnly] = useState<string | null>(null);
  const titled = groups.length > 1;
  const shown = titled && only !== null ? groups.filter((g) => g.title === only) : groups;
  return (
    <div className="mk-numbers">
      {titled && (
        <div className="mk-filter" role="group" aria-label={t('grid.showDigit')}>
          <button type="button" className="chip" aria-pressed={only === null} onClick={() => setOnly(null)}>
            {t('grid.all')}
          </button>
          {groups.map((g) => (
            <button
              key={g.title}
              type="button"
              className="chip"
              aria-pressed={only === g.title}
              onClick={() => setOnly(g.title)}
            >
              {g.title}
            </button>
          ))}
        </div>
      )}
      {shown.map((g) => (
        <section
          key={g.title ?? 'all'}
          className="mk-group"
          aria-label={g.title === null ? t('grid.numbers') : t('grid.digit', { digit: g.title })}
        >
          {titled && <h3 className="mk-group-title">{g.title}</h3>}
          <div className={`mk-grid ${wide ? 'mk-grid-wide' : ''}`}>
            {g.numbers.map((n) => {
              const v = points[n] ?? '';
              return (
                <label key={n} className={`mk-cell ${v ? 'mk-cell-on' : ''}`}>
                  <span className="mk-cell-number">{n}</span>
                  <input
                    inputMode="numeric"
                    pattern="[0-9]*"
                    autoComplete="off"
                    placeholder={t('grid.points')}
                    value={v}
                    disabled={disabled}
                    onChange={(e) => onPoints(n, pointsText(e.target.value))}
                    aria-label={t('grid.pointsOn', { number: n })}
                    data-testid={`matka-points-${n}`}
                  />
                </label>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
