import type { Schema } from './api-types';

/** The signed-in person as the server describes them (`/api/me`, the login response). */
export type SessionUser = Schema<'UserJson'>;

/**
 * Browser storage holds only non-secret preferences: the remembered user number (`UserNo`) that prefills the
 * login form, and the language last chosen (`casino.lang`, written by `setLanguage` in `@/i18n`). The session lives
 * in the server's HttpOnly cookie; the signed-in user is kept in memory (the `me` query). Keys older versions wrote
 * (`user`, `token`) are removed, never written.
 */
export const PREFERENCE_KEYS = ['UserNo', 'casino.lang'] as const;
const USER_NO_KEY = 'UserNo';
const LEGACY_SESSION_KEYS = ['user', 'token'];

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Forget whatever an older version stored about the session (the server session is ended separately). */
export function clearSession(): void {
  try {
    for (const key of LEGACY_SESSION_KEYS) localStorage.removeItem(key);
  } catch {
    // Storage may be unavailable (private mode); there is nothing to clear then.
  }
}

export function getStoredUserNo(): string | null {
  return read(USER_NO_KEY);
}

export function storeUserNo(userNo: string | number): void {
  try {
    localStorage.setItem(USER_NO_KEY, String(userNo));
  } catch {
    // A preference only: the form is simply not prefilled next time.
  }
}

/** The spec's user id: id, then _id, then userNo. */
export function userIdOf(user: Pick<SessionUser, 'id' | '_id' | 'userNo'> | null | undefined): string | null {
  const id = user?.id ?? user?._id ?? user?.userNo;
  return id === undefined || id === null || id === '' ? null : String(id);
}

/** Ids travel as JSON numbers when numeric (the server's ids are integers). */
export function toWireId(id: string): number | string {
  return /^\d+$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : id;
}
