/**
 * Submit: the bet request, then the server's answer put in place — its wallet (the header's balance and exposure)
 * and its market's position — and the bet lists, the book and the wallet asked again whatever the answer.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from '@/i18n';
import { errorMessage } from '@/lib/api-client';
import { walletQueryKey, type Wallet } from '@/lib/wallet';
import { withMarket } from './book';
import { exchangeKeys } from './keys';
import { placeFancyBet, placeRunnerBet } from './place-bet';
import { MSG_FAILED, type BetRequest } from './slip';
import type { MatchBook, Placed } from './wire';

/** What a refused request says: the text for the server's error code, else its message, else the spec's. */
export const failureText = (err: unknown): string => errorMessage(err, i18n.t(MSG_FAILED));

interface Handlers {
  onPlaced: (p: Placed) => void;
  onFailed: (message: string) => void;
}

export function usePlaceBet(userId: string | null, match: number, { onPlaced, onFailed }: Handlers) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: BetRequest) => (req.market === 'runner' ? placeRunnerBet(req.body) : placeFancyBet(req.body)),
    onSuccess: (p) => {
      if (Number.isFinite(p.balance) && Number.isFinite(p.exposure)) {
        qc.setQueryData<Wallet>(walletQueryKey(userId), { balance: p.balance, exposureBalance: p.exposure });
      }
      if (p.book?.marketId) qc.setQueryData<MatchBook>(exchangeKeys.book(match), (b) => withMarket(b, match, p.book));
      onPlaced(p);
    },
    onError: (err) => onFailed(failureText(err)),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: exchangeKeys.bets() });
      void qc.invalidateQueries({ queryKey: exchangeKeys.books() });
      void qc.invalidateQueries({ queryKey: walletQueryKey(userId) });
    },
  });
}
