import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { setLanguage, type Language } from '@/i18n';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth';
import type { SessionUser } from '@/lib/storage';
import type { AccountSettings, ExclusionRequest, LimitKind, SessionSummary } from './types';

export const settingsQueryKey = ['account', 'settings'] as const;
export const summaryQueryKey = ['account', 'session-summary'] as const;

export function getSettings(): Promise<AccountSettings> {
  return api.get('/api/account/settings');
}

export function useAccountSettings() {
  return useQuery({ queryKey: settingsQueryKey, queryFn: getSettings });
}

export function putLimit(kind: LimitKind, amount: number | null): Promise<AccountSettings> {
  return api.put('/api/account/limits/{kind}', { path: { kind }, body: { amount } });
}

export function putLanguage(language: Language): Promise<AccountSettings> {
  return api.put('/api/account/language', { body: { language } });
}

export function putReminder(minutes: number | null): Promise<AccountSettings> {
  return api.put('/api/account/reminder', { body: { minutes } });
}

export function postExclusion(req: ExclusionRequest): Promise<AccountSettings> {
  return api.post('/api/account/exclusion', { body: req });
}

export function getSessionSummary(): Promise<SessionSummary> {
  return api.get('/api/account/session-summary');
}

/** Every settings answer is the whole settings object: it replaces the cache, and what others read from it follows. */
export function storeSettings(queryClient: QueryClient, settings: AccountSettings): void {
  queryClient.setQueryData(settingsQueryKey, settings);
  queryClient.setQueryData<SessionSummary>(summaryQueryKey, (old) =>
    old ? { ...old, reminderMinutes: settings.reminderMinutes ?? null } : old,
  );
  queryClient.setQueryData<SessionUser | null>(meQueryKey, (old) =>
    old ? { ...old, language: settings.language } : old,
  );
}

function useSettingsMutation<V>(fn: (v: V) => Promise<AccountSettings>, after?: (s: AccountSettings) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (settings) => {
      storeSettings(queryClient, settings);
      after?.(settings);
    },
  });
}

export const useSetLimit = () =>
  useSettingsMutation((v: { kind: LimitKind; amount: number | null }) => putLimit(v.kind, v.amount));
/** Saves the language to the account, then switches the app to it. */
export const useSetLanguage = () => useSettingsMutation(putLanguage, (s) => setLanguage(s.language));
export const useSetReminder = () => useSettingsMutation(putReminder);
export const useStartExclusion = () => useSettingsMutation(postExclusion);
