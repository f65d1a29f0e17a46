import type { ReactNode } from 'react';

interface Props {
  /** The heading's id: the card is named by it. */
  id: string;
  title: ReactNode;
  /** A line under the heading saying what the card shows. */
  hint?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/** A card with a heading (a page's section), and a hint under it when there is one. */
export function Card({ id, title, hint, testId, children }: Props) {
  return (
    <section className="card" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="card-title">
        {title}
      </h2>
      {hint && <p className="hint">{hint}</p>}
      {children}
    </section>
  );
}
