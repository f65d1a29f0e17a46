/** Wallet figures (balance, exposure): polled every 5 s and patched by socket `balance_update`. */
import { useQuery } from '@tanstack/react-query';
import { WALLET_POLL_MS } from '@/config/constants';
import i18n from '@/i18n';
import { api } from './api-client';
import type { Schema } from './api-types';
import type { SocketSchema } from './socket-types';

/** `GET /api/getwalletandexposure/{userId}`. */
export type Wallet = Schema<'WalletBalancesJson'>;

/** The socket's `balance_update` (the AsyncAPI document's `BalanceUpdate`). */
export type BalanceUpdate = SocketSchema<'BalanceUpdate'>;

export const walletQueryKey = (userId: string | null) => ['wallet', userId] as const;

export function getWallet(userId: string): Promise<Wallet> {
  return api.get('/api/getwalletandexposure/{userId}', { path: { userId } });
}

export function useWallet(userId: string | null) {
  return useQuery({
    queryKey: walletQueryKey(userId),
    queryFn: () => getWallet(userId as string),
    enabled: userId !== null,
    refetchInterval: WALLET_POLL_MS,
    staleTime: 0,
  });
}

/** Pure: the wallet after a `balance_update`; events for another user leave it untouched. */
export function applyBalanceUpdate(
  current: Wallet | undefined,
  event: BalanceUpdate,
  userId: string | null,
): Wallet | undefined {
  if (userId === null || String(event.userId) !== userId) return current;
  if (!Number.isFinite(event.balance) || !Number.isFinite(event.exposureBalance)) return current;
  return { balance: event.balance, exposureBalance: event.exposureBalance };
}

/** The spec's toast text for a balance event, in the player's language. */
export function balanceToastText(event: BalanceUpdate, format: (n: number) => string): string {
  const amount = format(event.amount);
  if (event.reason === 'bet_refunded') return i18n.t('wallet:balanceToast.refunded', { amount });
  if (event.reason === 'play_points') return i18n.t('wallet:balanceToast.playPoints', { amount });
  if (event.reason === 'play_points_voided') return i18n.t('wallet:balanceToast.playPointsVoided', { amount });
  return event.type === 'deduct'
    ? i18n.t('wallet:balanceToast.deducted', { amount })
    : i18n.t('wallet:balanceToast.added', { amount });
}
