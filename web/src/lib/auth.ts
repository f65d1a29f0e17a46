/** Server session: GET /api/me decides whether the stored session is still valid. */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isLanguage, setLanguage, type Language } from '@/i18n';
import { api } from './api-client';
import { clearSession, type SessionUser } from './storage';

export const meQueryKey = ['me'] as const;

export function getMe(): Promise<SessionUser> {
  return api.get('/api/me');
}

/** The account's language (`/api/me` → `language`), when it names one the app has. */
export function accountLanguage(user: SessionUser | null | undefined): Language | null {
  const lang: unknown = (user as { language?: unknown } | null | undefined)?.language;
  return isLanguage(lang) ? lang : null;
}

/**
 * The signed-in person (`null`/error: nobody). Whenever the session user arrives or changes (this query, the login
 * answer put in its cache, a re-check after a disconnect), the app switches to the account's language.
 */
export function useMe() {
  const me = useQuery({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000, retry: false });
  const language = accountLanguage(me.data);
  useEffect(() => {
    if (language) setLanguage(language);
  }, [language]);
  return me;
}

/** POST /api/logout, then forget the local session whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await api.post('/api/logout');
  } catch {
    // The session may already be gone server-side; the local session is cleared anyway.
  }
  clearSession();
}
