import { AnimatePresence, motion } from 'framer-motion';

export function LostPopup({ show }: { show: boolean }) {
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
          <strong>Lost</strong>
          <span>Better Luck next Time</span>
        </motion.div>
      )}
    </AnimatePresence>
  );
}
