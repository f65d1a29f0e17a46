import { useTranslation } from 'react-i18next';
import { usePlatform } from '@/lib/platform';

/** "Play points — no cash value", in play mode only: the shells show it on every screen. */
export function NoCashValue() {
  const { t } = useTranslation('playPoints');
  const { play } = usePlatform();
  if (!play) return null;
  return (
    <p className="play-note" data-testid="play-note">
      {t('noCashValue')}
    </p>
  );
}
