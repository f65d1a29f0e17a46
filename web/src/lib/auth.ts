/** Server session: GET /api/me decides whether the stored session is still valid. */
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { clearSession, type SessionUser } from './storage';

export const meQueryKey = ['me'] as const;

export function getMe(): Promise<SessionUser> {
  return api.get('/api/me');
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000, retry: false });
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
