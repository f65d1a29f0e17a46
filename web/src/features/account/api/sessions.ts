import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AccountSession } from './types';

export const sessionsQueryKey = ['account', 'sessions'] as const;

export async function getSessions(): Promise<AccountSession[]> {
  const res: { sessions: AccountSession[] } = await api.get('/api/account/sessions');
  return res.sessions;
}

export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: getSessions });
}

/** Ends that session and its sockets. */
export function endSession(id: string): Promise<{ success: boolean }> {
  return api.delete('/api/account/sessions/{id}', { path: { id } });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: (_res, id) =>
      queryClient.setQueryData<AccountSession[]>(sessionsQueryKey, (old) => old?.filter((s) => s.id !== id)),
    // Gone already (404) or not: the list is asked again either way.
    onError: () => void queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

export function changePassword(body: PasswordChange): Promise<{ success: boolean; endedSessions: number }> {
  return api.post('/api/account/password', { body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // Every other session has ended: only this device is left in the list.
    onSuccess: () =>
      queryClient.setQueryData<AccountSession[]>(sessionsQueryKey, (old) => old?.filter((s) => s.current)),
  });
}
