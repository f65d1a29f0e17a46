import { useState, type ReactNode } from 'react';

/**
 * Its children, briefly highlighted whenever `value` changes (not on first show): the span is keyed by a change
 * counter, so a new value remounts it and the CSS animation plays once.
 */
export function Flash({
  value,
  children,
  className = '',
}: {
  value: string | number;
  children: ReactNode;
  className?: string;
}) {
  const [prev, setPrev] = useState(value);
  const [changes, setChanges] = useState(0);
  if (value !== prev) {
    setPrev(value);
    setChanges((n) => n + 1);
  }
  return (
    <span key={changes} className={`${className} ${changes > 0 ? 'sp-flash' : ''}`.trim()} data-flash={changes}>
      {children}
    </span>
  );
}
