import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="loading" role="progressbar" aria-label={t('loading')}>
      <span className="spinner" />
    </div>
  );
}
