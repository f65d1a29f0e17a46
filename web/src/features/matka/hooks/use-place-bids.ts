/** Submit: the spec's checks, then `POST /api/bids` with the totals as the server computes them; the answer's wallet is put in place. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { ErrorCode } from '@/lib/api-types';
import { toast } from '@/lib/toast';
import { walletQueryKey, type Wallet } from '@/lib/wallet';
import { matkaKeys } from '../api/keys';
import { placeBids } from '../api/place-bids';
import { MSG_ERROR, MSG_FAILED, MSG_PLACED } from '../bids';
import type { BidAccepted, BidRequest } from '../api/types';

/** Refusals that mean the screen's market state is behind the server's. */
const STALE = new Set<ErrorCode>(['market_closed', 'session_closed', 'needs_open_session', 'unknown_market']);

/** What a failed request says: the text for the server's error code, else its message, else the spec's. */
export function failureText(err: unknown): string {
  if (err instanceof ApiError) return errorMessage(err, i18n.t(MSG_FAILED));
  return i18n.t(MSG_ERROR);
}

export function usePlaceBids(userId: string | null, onPlaced: (a: BidAccepted) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BidRequest) => placeBids(body),
    onSuccess: (a) => {
      if (Number.isFinite(a.balance) && Number.isFinite(a.exposureBalance)) {
        qc.setQueryData<Wallet>(walletQueryKey(userId), { balance: a.balance, exposureBalance: a.exposureBalance });
      }
      // The server's message is the spec's English one: the player reads it in their language.
      toast(i18n.t(MSG_PLACED), 'success');
      onPlaced(a);
    },
    onError: (err) => {
      toast(failureText(err), 'error', 3000);
      if (err instanceof ApiError && err.code && STALE.has(err.code))
        void qc.invalidateQueries({ queryKey: matkaKeys.markets() });
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: matkaKeys.bids() });
      void qc.invalidateQueries({ queryKey: walletQueryKey(userId) });
    },
  });
}
