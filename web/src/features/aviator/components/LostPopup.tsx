import { AnimatePresence, motion } from 'framer-motion';
import { useTranslation } from 'react-i18next';

export function LostPopup({ show }: { show: boolean }) {
  const { t } = useTranslation('aviator');
  return (
    <AnimatePresence>
      {show && (
        <motion.div
          className="lost-popup"
          role="alert"
          initial={{ scale: 0.7, opacity: 0 }}
          animate={{ scale: 1, opacity: 1 }}
          exit={{ scale: 0.9, opacity: 0 }}
        >
          <strong>{t('lost.title')}</strong>
          <span>{t('lost.sub')}</span>
        </motion.div>
      )}
    </AnimatePresence>
  );
}
