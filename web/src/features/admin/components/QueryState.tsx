import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { adminErrorMessage } from '../text';

/** Loading and error lines for a query; a missing endpoint says so plainly. `what`: a text (`admin:what.*`). */
export function QueryState({ isPending, error, what }: { isPending: boolean; error: unknown; what: string }) {
  const { t } = useTranslation('admin');
  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <p className="form-error" role="alert">
        {missing
          ? t('common.notAvailable', { what })
          : adminErrorMessage(error, t('common.couldNotLoad', { what: what.toLowerCase() }))}
      </p>
    );
  }
  if (isPending) return <p className="muted">{t('common.loadingWhat', { what: what.toLowerCase() })}</p>;
  return null;
}
