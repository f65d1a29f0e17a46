import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '@/i18n';
import { errorMessage } from '@/lib/api-client';
import { useSetLanguage } from '../api/settings';
import { FormError } from '@/components/Field';

/** English / हिन्दी: saved to the account (so every device follows), then the app switches. */
export function LanguageSection() {
  const { t, i18n } = useTranslation('account');
  const save = useSetLanguage();
  const [error, setError] = useState<string | null>(null);
  const active = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <section className="card acct-section" aria-labelledby="acct-language">
      <h2 id="acct-language">{t('language.title')}</h2>
      <div className="acct-switch" role="group" aria-labelledby="acct-language">
        {LANGUAGES.map((lang) => (
          <button
            key={lang}
            type="button"
            className="btn btn-outline"
            lang={lang}
            aria-pressed={active === lang}
            disabled={save.isPending}
            data-testid={`language-${lang}`}
            onClick={() => {
              setError(null);
              save.mutate(lang, { onError: (err) => setError(errorMessage(err, t('language.failed'))) });
            }}
          >
            {t(`common:language.${lang}`)}
          </button>
        ))}
      </div>
      <FormError error={error} />
    </section>
  );
}
