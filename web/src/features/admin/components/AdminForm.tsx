import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/Field';

interface Props {
  /** The form's name (its aria-label). */
  label: string;
  /** Its heading: the form then stands on a card. */
  title?: string;
  testId: string;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
  /** The refusal shown above the buttons. */
  problem: string;
  pending: boolean;
  /** The submit button's text, and while the change is on its way. */
  submit: string;
  submitting: string;
  /** A Cancel button beside the submit one. */
  onCancel?: () => void;
}

/** A console form that changes something: its fields, the refusal, and Submit (with Cancel when it can close). */
export function AdminForm({
  label,
  title,
  testId,
  onSubmit,
  children,
  problem,
  pending,
  submit,
  submitting,
  onCancel,
}: Props) {
  const { t } = useTranslation('admin');
  const button = (
    <button type="submit" className="btn btn-primary" disabled={pending}>
      {pending ? submitting : submit}
    </button>
  );
  return (
    <form
      className={title ? 'card form admin-form' : 'form admin-form'}
      onSubmit={onSubmit}
      aria-label={label}
      data-testid={testId}
    >
      {title && <h2 className="card-title">{title}</h2>}
      {children}
      <FormError error={problem} />
      {onCancel ? (
        <div className="form-row">
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          {button}
        </div>
      ) : (
        button
      )}
    </form>
  );
}
