import { useTranslation } from 'react-i18next';

/** How a drawn Matka result is drawn, and what a declared market is. */
export function MatkaInfoCard() {
  const { t } = useTranslation('fairness');
  return (
    <section className="card" aria-label={t('algorithm.matkaLabel')}>
      <p className="fair-algo" data-testid="fair-algorithm">
        {t('algorithm.matka')}
      </p>
    </section>
  );
}
