import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryKey } from '@/lib/auth';
import { getSocket } from '@/lib/socket';
import { applyBalanceUpdate, walletQueryKey, type BalanceUpdate, type Wallet } from '@/lib/wallet';

/** Applies socket `balance_update` events to the cached wallet (the 5 s poll stays as a fallback). */
export function useBalanceSync(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    const s = getSocket();
    const onUpdate = (ev: BalanceUpdate) => {
      queryClient.setQueryData<Wallet | undefined>(walletQueryKey(userId), (w) => applyBalanceUpdate(w, ev, userId));
    };
    // A refused CONNECT usually means the session ended: re-check it (the layout redirects on 401).
    const onConnectError = () => void queryClient.invalidateQueries({ queryKey: meQueryKey });
    s.on('balance_update', onUpdate);
    s.on('connect_error', onConnectError);
    return () => {
      s.off('balance_update', onUpdate);
      s.off('connect_error', onConnectError);
    };
  }, [queryClient, userId]);
}
