import type { ReactNode } from 'react';

export interface TabOption<K extends string> {
  id: K;
  label: ReactNode;
  testId?: string;
}

interface Props<K extends string> {
  options: readonly TabOption<K>[];
  value: K;
  onChange: (id: K) => void;
  /** `tab`: tabs over what they show; `radio`: a choice in a form. */
  role?: 'tab' | 'radio';
  /** The group's name, and a class besides `tabs` (index.css). */
  label?: string;
  className?: string;
}

/** Side-by-side buttons of which one is chosen (`.active`): a page's tabs, or a form's either/or. */
export function Tabs<K extends string>({ options, value, onChange, role = 'tab', label, className }: Props<K>) {
  return (
    <div
      className={className ? `tabs ${className}` : 'tabs'}
      role={role === 'tab' ? 'tablist' : 'radiogroup'}
      aria-label={label}
    >
      {options.map((o) => (
        <button
          key={o.id}
          type="button"
          role={role}
          aria-selected={role === 'tab' ? value === o.id : undefined}
          aria-checked={role === 'radio' ? value === o.id : undefined}
          className={value === o.id ? 'active' : ''}
          onClick={() => onChange(o.id)}
          data-testid={o.testId}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
