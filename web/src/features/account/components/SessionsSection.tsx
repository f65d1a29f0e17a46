import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/i18n/format';
import { errorMessage } from '@/lib/api-client';
import { useEndSession, useSessions } from '../api/sessions';
import type { AccountSession } from '../api/types';
import { deviceOf } from '../user-agent';
import { FormError } from '@/components/Field';

/** Where the account is signed in: this device first, an End button for each of the others. */
export function SessionsSection() {
  const { t } = useTranslation('account');
  const sessions = useSessions();
  const end = useEndSession();
  const [error, setError] = useState<string | null>(null);
  const list = [...(sessions.data ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.createdAt - a.createdAt,
  );

  const deviceName = (s: AccountSession) => {
    const { browser, os } = deviceOf(s.userAgent);
    if (browser && os) return t('sessions.browserOn', { browser, os });
    return browser ?? os ?? t('sessions.unknownDevice');
  };

  return (
    <section className="card acct-section" aria-labelledby="acct-sessions">
      <h2 id="acct-sessions">{t('sessions.title')}</h2>
      {sessions.isPending && <p className="muted">{t('loading')}</p>}
      {sessions.isError && <p className="form-error">{errorMessage(sessions.error, t('sessions.loadFailed'))}</p>}
      {sessions.isSuccess && list.length === 0 && <p className="muted">{t('sessions.none')}</p>}
      {list.length > 0 && (
        <ul className="acct-list" data-testid="sessions">
          {list.map((s) => (
            <li key={s.id} data-testid="session" data-current={s.current}>
              <div className="acct-row">
                <b>{deviceName(s)}</b>
                {s.current ? (
                  <span className="acct-badge">{t('sessions.thisDevice')}</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-outline btn-small"
                    disabled={end.isPending && end.variables === s.id}
                    data-testid={`session-end-${s.id}`}
                    onClick={() => {
                      setError(null);
                      end.mutate(s.id, { onError: (err) => setError(errorMessage(err, t('sessions.endFailed'))) });
                    }}
                  >
                    {end.isPending && end.variables === s.id ? t('sessions.ending') : t('sessions.end')}
                  </button>
                )}
              </div>
              <span className="hint">{t('sessions.loggedIn', { time: formatDateTime(s.createdAt) })}</span>
            </li>
          ))}
        </ul>
      )}
      <FormError error={error} />
    </section>
  );
}
