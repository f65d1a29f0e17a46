import { useTranslation } from 'react-i18next';

/**
 * "Load more" under a list the server gives a page at a time: shown only while there may be more, disabled (and
 * saying so) while the next page is on its way.
 */
export function LoadMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const { t } = useTranslation('common');
  if (!hasMore) return null;
  return (
    <button type="button" className="btn btn-small btn-outline load-more" disabled={loading} onClick={onMore}>
      {loading ? t('loading') : t('loadMore')}
    </button>
  );
}
