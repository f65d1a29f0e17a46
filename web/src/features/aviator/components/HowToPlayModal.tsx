import { Trans, useTranslation } from 'react-i18next';
import { Modal } from '@/components/Modal';

const STEPS = ['bet', 'watch', 'take', 'auto', 'fair'] as const;

export function HowToPlayModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('aviator');
  return (
    <Modal title={t('howTo.title')} onClose={onClose}>
      <ol className="howto">
        {STEPS.map((step) => (
          <li key={step}>
            <Trans t={t} i18nKey={`howTo.steps.${step}`} components={{ b: <b /> }} />
          </li>
        ))}
      </ol>
    </Modal>
  );
}
