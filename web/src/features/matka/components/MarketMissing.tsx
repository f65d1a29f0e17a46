import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIST_PATH } from '../paths';

/** What a market's screen shows when it has no market to show: why (`children`), and the way back to all markets. */
export function MarketMissing({ children }: { children: ReactNode }) {
  const { t } = useTranslation('matka');
  return (
    <div className="mk-page">
      <p className="banner-error" role="alert">
        {children}
      </p>
      <Link to={LIST_PATH} className="btn btn-outline">
        {t('allMarkets')}
      </Link>
    </div>
  );
}
