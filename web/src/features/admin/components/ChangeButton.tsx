import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/Field';

interface Props {
  /** The button's look (`btn-outline`, `btn-primary`…). */
  tone: string;
  pending: boolean;
  onClick: () => void;
  /** The last refusal, shown under the button. */
  error: string;
  children: ReactNode;
}

/** A console button that makes its change at once (suspend, block…): Saving… while on its way, the refusal under it. */
export function ChangeButton({ tone, pending, onClick, error, children }: Props) {
  const { t } = useTranslation('admin');
  return (
    <div>
      <button type="button" className={`btn btn-small ${tone}`} disabled={pending} onClick={onClick}>
        {pending ? t('common.saving') : children}
      </button>
      <FormError error={error} className="decision-error" />
    </div>
  );
}
