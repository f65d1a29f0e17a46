import { useTranslation } from 'react-i18next';
import { BRAND } from '@/config/constants';
import { usePlatform } from '@/lib/platform';
import { useNews } from '../api/get-news';

/** Scrolling line with the first news item (or the default welcome text); in play mode, "no cash value" before it. */
export function NewsTicker() {
  const { t } = useTranslation('shell');
  const { data } = useNews();
  const { play } = usePlatform();
  const text = data?.[0]?.content || t(play ? 'news.playDefault' : 'news.default', { brand: BRAND });
  return (
    <div className="ticker" aria-label={t('news.label')}>
      {play && (
        <span className="ticker-play" data-testid="ticker-play">
          {t('playPoints:noCashValue')}
        </span>
      )}
      <span className="ticker-text" data-testid="news">
        {text}
      </span>
    </div>
  );
}
