import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useAccountSettings } from '../api/settings';
import '../account.css';
import { ExclusionBanner, ExclusionSection } from './ExclusionSection';
import { LanguageSection } from './LanguageSection';
import { LimitsSection } from './LimitsSection';
import { PasswordSection } from './PasswordSection';
import { ReminderSection } from './ReminderSection';
import { SessionsSection } from './SessionsSection';

interface Props {
  userId: string | null;
  userNo: string | undefined;
  username: string;
  role: string | undefined;
  onLogout: () => void;
}

export function SettingsPage({ userId, userNo, username, role, onLogout }: Props) {
  const { t } = useTranslation('account');
  const settings = useAccountSettings();
  const s = settings.data;
  // The session reminder's "Take a break" opens this screen at #take-a-break.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  return (
    <div className="page">
      <h1 className="page-title">{t('settings.title')}</h1>
      {/* The server names an exclusion only while it is in force. */}
      <ExclusionBanner exclusion={s?.exclusion} />
      <dl className="card kv">
        <dt>{t('settings.accountId')}</dt>
        <dd data-testid="settings-account-id">{userId ?? t('common:notAvailable')}</dd>
        <dt>{t('settings.userNumber')}</dt>
        <dd>{userNo || t('common:notAvailable')}</dd>
        <dt>{t('settings.username')}</dt>
        <dd>{username}</dd>
        <dt>{t('settings.role')}</dt>
        <dd>
          {!role || role === 'player'
            ? t('settings.roles.player')
            : role === 'operator'
              ? t('settings.roles.operator')
              : role}
        </dd>
      </dl>
      {settings.isError && <p className="form-error">{errorMessage(settings.error, t('settings.loadFailed'))}</p>}
      <LanguageSection />
      <PasswordSection />
      <SessionsSection />
      <LimitsSection limits={s?.limits} />
      <ReminderSection minutes={s ? (s.reminderMinutes ?? null) : undefined} />
      <ExclusionSection />
      <button type="button" className="btn btn-outline btn-block" onClick={onLogout}>
        {t('common:logout')}
      </button>
    </div>
  );
}
