import { DEFAULT_NEWS } from '@/config/constants';
import { useNews } from '../api/get-news';

/** Scrolling line with the first news item (or the default welcome text). */
export function NewsTicker() {
  const { data } = useNews();
  const text = data?.[0]?.content || DEFAULT_NEWS;
  return (
    <div className="ticker" aria-label="News">
      <span className="ticker-text" data-testid="news">
        {text}
      </span>
    </div>
  );
}
