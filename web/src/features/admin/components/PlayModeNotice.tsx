import { useTranslation } from 'react-i18next';
import { AdminHead } from './AdminPage';

/** What a screen of money in or out shows in play mode: there is none. */
export function PlayModeNotice({ title }: { title: string }) {
  const { t } = useTranslation('adminMoney');
  return (
    <>
      <AdminHead title={title} />
      <p className="card muted" data-testid="play-mode-notice">
        {t('playMode')}
      </p>
    </>
  );
}
