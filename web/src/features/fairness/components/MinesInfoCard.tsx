import { useTranslation } from 'react-i18next';

/** How a Mines board is dealt, and how to check one by hand. */
export function MinesInfoCard() {
  const { t } = useTranslation('fairness');
  return (
    <section className="card" aria-label={t('algorithm.minesLabel')}>
      <p className="fair-algo" data-testid="fair-algorithm">
        {t('algorithm.mines')}
      </p>
    </section>
  );
}
