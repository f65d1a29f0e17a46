/**
 * The app's languages: English and Hindi. Every text a screen shows is a key in a namespace file,
 * `src/locales/{en,hi}/<namespace>.json` (one namespace per feature, `common` for the shell and shared words,
 * `errors` for the server's error codes). Files are picked up by name; `locales.test.ts` fails when a key is in
 * one language and not the other.
 *
 * The language is the account's (`/api/me` → `language`, saved from Settings) and, before login, this browser's
 * last choice.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORED = 'casino.lang';

type Bundle = Record<string, unknown>;
const files = import.meta.glob<{ default: Bundle }>('../locales/*/*.json', { eager: true });

/** `{en: {common: {...}, aviator: {...}}, hi: {...}}` from the files. */
export function bundles(): Record<Language, Record<string, Bundle>> {
  const out = { en: {}, hi: {} } as Record<Language, Record<string, Bundle>>;
  for (const [path, mod] of Object.entries(files)) {
    const m = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
    const [, lang, ns] = m ?? [];
    if (isLanguage(lang) && ns) out[lang][ns] = mod.default;
  }
  return out;
}

export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}

function stored(): Language {
  try {
    const v = localStorage.getItem(STORED);
    return isLanguage(v) ? v : 'en';
  } catch {
    return 'en';
  }
}

const resources = bundles();

void i18n.use(initReactI18next).init({
  resources,
  lng: stored(),
  fallbackLng: 'en',
  ns: Object.keys(resources.en),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
loadScriptFonts(currentLanguage());

/**
 * Hindi's Devanagari faces (served with the app, `main.tsx`) are fetched at once rather than when a text first needs
 * them, so a screen does not show boxes or reflow while each weight arrives.
 */
function loadScriptFonts(lang: Language): void {
  if (lang !== 'hi' || typeof document === 'undefined' || !document.fonts) return;
  for (const weight of [400, 600, 700, 800])
    void document.fonts.load(`${weight} 16px "Noto Sans Devanagari"`, 'हि').catch(() => undefined);
}

/** Switches the app's language now and remembers it in this browser (the account keeps it on the server). */
export function setLanguage(lang: Language): void {
  if (i18n.language === lang) return;
  void i18n.changeLanguage(lang);
  loadScriptFonts(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  try {
    localStorage.setItem(STORED, lang);
  } catch {
    // private mode: the account still remembers it
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

export default i18n;
