import { useTranslation } from 'react-i18next';
import { BRAND } from '@/config/constants';
import { useNews } from '../api/get-news';

/** Scrolling line with the first news item (or the default welcome text). */
export function NewsTicker() {
  const { t } = useTranslation('shell');
  const { data } = useNews();
  const text = data?.[0]?.content || t('news.default', { brand: BRAND });
  return (
    <div className="ticker" aria-label={t('news.label')}>
      <span className="ticker-text" data-testid="news">
        {text}
      </span>
    </div>
  );
}
