import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NoCashValue } from '@/features/play-points/components/NoCashValue';
import { BRAND, BRAND_MARK } from '@/features/shell/brand';
import { LANGUAGES, currentLanguage, setLanguage } from '@/i18n';

/** Before logging in the language is this browser's choice: English / हिन्दी (each in its own script). */
function LanguageSwitch() {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <p className="auth-alt" role="group" aria-label={t('languageLabel')}>
      {LANGUAGES.map((lang, i) => (
        <span key={lang}>
          {i > 0 && ' · '}
          <button
            type="button"
            className="link-btn"
            aria-pressed={lang === current}
            lang={lang}
            onClick={() => setLanguage(lang)}
          >
            {t(`language.${lang}`)}
          </button>
        </span>
      ))}
    </p>
  );
}

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-brand">
        <span className="brand-mark" aria-hidden>
          {BRAND_MARK}
        </span>
        <span className="brand-name">{BRAND}</span>
      </div>
      <NoCashValue />
      <section className="auth-card">
        <h1>{title}</h1>
        {children}
      </section>
      <LanguageSwitch />
    </main>
  );
}
