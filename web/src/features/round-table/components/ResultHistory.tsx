import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Past } from '../wire';
import '../round-table.css';

interface Props<S> {
  history: Past<S>[];
  /** How many boxes (the strip keeps their places even before rounds fill them). */
  size: number;
  render: (result: S) => ReactNode;
  title: (result: S) => string;
}

/** The latest results, newest first, in a fixed row of boxes. */
export function ResultHistory<S>({ history, size, render, title }: Props<S>) {
  const { t } = useTranslation('roundTable');
  const cells = Array.from({ length: size }, (_, i) => history[i]);
  return (
    <ol
      className="rt-history"
      data-testid="result-history"
      aria-label={t('history.label')}
      style={{ gridTemplateColumns: `repeat(${size}, minmax(0, 1fr))` }}
    >
      {cells.map((p, i) =>
        p ? (
          <li
            key={p.roundId}
            className="rt-history-cell"
            title={t('history.cell', { roundId: p.roundId, result: title(p.result) })}
            data-testid={`history-${i}`}
          >
            {render(p.result)}
          </li>
        ) : (
          <li key={`empty-${i}`} className="rt-history-cell rt-empty" aria-hidden />
        ),
      )}
    </ol>
  );
}
