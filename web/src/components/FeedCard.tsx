import type { ReactNode } from 'react';

/** A list a screen read from the server: its rows (none yet while on their way), whether it is loading or failed. */
export interface FeedRows<T> {
  rows: T[] | undefined;
  loading: boolean;
  failed: boolean;
}

interface Props {
  /** The card's class besides `card`, and its name. */
  className?: string;
  label: string;
  title: ReactNode;
  /** What stands at the head's right (a count, a total). */
  summary?: ReactNode;
  /** What is said while the list is on its way and when it could not be read (each only then). */
  loading?: string | false;
  failed?: string | false;
  /** The list (`.feed-list` in index.css) or a table. */
  children: ReactNode;
}

/** A game screen's card of bets or games: its head (`.feed-head`), the list's state, then the list. */
export function FeedCard({ className, label, title, summary, loading, failed, children }: Props) {
  return (
    <section className={className ? `card ${className}` : 'card'} aria-label={label}>
      <header className="feed-head">
        <b>{title}</b>
        {summary}
      </header>
      {loading && <p className="muted">{loading}</p>}
      {failed && <p className="form-error">{failed}</p>}
      {children}
    </section>
  );
}
