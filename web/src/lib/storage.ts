/** Browser storage keys used by the spec: `user`, `token`, `UserNo`. */
export interface SessionUser {
  id: string | number;
  _id?: string | number;
  userNo?: string | number;
  username: string;
  name?: string;
  email?: string;
  phone?: string;
  role?: 'player' | 'operator';
  walletBalance?: number;
  exposureBalance?: number;
}

const USER_KEY = 'user';
const TOKEN_KEY = 'token';
const USER_NO_KEY = 'UserNo';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getStoredUser(): SessionUser | null {
  const raw = read(USER_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as SessionUser | null;
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return read(TOKEN_KEY);
}

export function storeSession(user: SessionUser, token: string | undefined): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  if (token) localStorage.setItem(TOKEN_KEY, token);
}

export function clearSession(): void {
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(TOKEN_KEY);
}

export function getStoredUserNo(): string | null {
  return read(USER_NO_KEY);
}

export function storeUserNo(userNo: string | number): void {
  localStorage.setItem(USER_NO_KEY, String(userNo));
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
