import type { CSSProperties, ReactNode } from 'react';

interface Props {
  amounts: readonly number[];
  onPick: (amount: number) => void;
  /** The row's class; with a name it is a group (announced by it). */
  className: string;
  label?: string;
  style?: CSSProperties;
  /** Each chip's class besides `chip`, text (the amount unless said), whether it is the one chosen, test id. */
  chipClass?: (amount: number) => string;
  text?: (amount: number) => ReactNode;
  pressed?: (amount: number) => boolean;
  testId?: (amount: number) => string;
  disabled?: boolean;
}

/** A row of amount chips (`.chip` in index.css): quick stakes, a stake to pick. */
export function AmountChips({
  amounts,
  onPick,
  className,
  label,
  style,
  chipClass,
  text,
  pressed,
  testId,
  disabled,
}: Props) {
  return (
    <div className={className} role={label ? 'group' : undefined} aria-label={label} style={style}>
      {amounts.map((a) => (
        <button
          key={a}
          type="button"
          className={chipClass ? `chip ${chipClass(a)}` : 'chip'}
          aria-pressed={pressed?.(a)}
          disabled={disabled}
          data-testid={testId?.(a)}
          onClick={() => onPick(a)}
        >
          {text ? text(a) : a}
        </button>
      ))}
    </div>
  );
}
