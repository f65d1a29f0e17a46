import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/Modal';

interface Props {
  title: string;
  /** Cancel, Escape or a tap outside. */
  onClose: () => void;
  /** What is asked (and what the operator should know first). */
  children: ReactNode;
  /** The confirming button: its text, its action, whether the change is on its way (it is then disabled). */
  yes: ReactNode;
  onYes: () => void;
  pending?: boolean;
  yesTestId?: string;
}

/** A console change asked again before it is made: the question, then Cancel and the confirming button. */
export function ConfirmModal({ title, onClose, children, yes, onYes, pending = false, yesTestId }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Modal title={title} onClose={onClose}>
      {children}
      <div className="form-row">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn btn-primary" disabled={pending} onClick={onYes} data-testid={yesTestId}>
          {yes}
        </button>
      </div>
    </Modal>
  );
}
