import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@/config/constants';
import { useMediaQuery } from '@/lib/use-media';

/** The operators' console is used at desktop width too: the notice never shows there. */
function isConsolePath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** The spec's notice for screens wider than 768 px (player screens only). */
export function MobileOnlyNotice() {
  const { t } = useTranslation();
  const wide = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX + 1}px)`);
  const { pathname } = useLocation();
  if (!wide || isConsolePath(pathname)) return null;
  return (
    <div className="mobile-only" role="note" data-testid="mobile-only">
      {t('mobileOnly')}
    </div>
  );
}
