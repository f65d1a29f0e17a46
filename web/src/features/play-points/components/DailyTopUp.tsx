import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/i18n/format';
import { errorMessage } from '@/lib/api-client';
import { formatInr } from '@/lib/money';
import { toast } from '@/lib/toast';
import { walletQueryKey, type Wallet } from '@/lib/wallet';
import { claimTopUp, topUpQueryKey, useTopUpStatus, type TopUpStatus } from '../api/top-up';

/**
 * Play mode's daily top-up: a button with what a claim adds now; once claimed (or at the ceiling), when the next one
 * opens. A claim puts the wallet it answers in the cache; a refusal is said in the player's language.
 */
export function DailyTopUp({ userId }: { userId: string | null }) {
  const { t } = useTranslation('playPoints');
  const queryClient = useQueryClient();
  const status = useTopUpStatus(userId);
  const claim = useMutation({
    mutationFn: claimTopUp,
    onSuccess: (r) => {
      queryClient.setQueryData<Wallet>(walletQueryKey(userId), {
        balance: r.balance,
        exposureBalance: r.exposureBalance,
      });
      queryClient.setQueryData<TopUpStatus>(topUpQueryKey(userId), {
        success: true,
        claimedToday: true,
        available: 0,
        nextAt: r.nextAt,
      });
      toast(t('claimed', { amount: formatInr(r.credited) }), 'success');
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: topUpQueryKey(userId) }),
  });
  const s = status.data;
  if (!s) return null;
  return (
    <div className="top-up" data-testid="top-up">
      {s.available > 0 ? (
        <button
          type="button"
          className="btn btn-small btn-deposit"
          disabled={claim.isPending}
          onClick={() => claim.mutate()}
        >
          {t('claim', { amount: formatInr(s.available) })}
        </button>
      ) : (
        <span className="top-up-next" data-testid="top-up-next">
          {s.claimedToday ? t('next', { time: formatDateTime(s.nextAt) }) : t('atCeiling')}
        </span>
      )}
      {claim.error && (
        <span className="top-up-error" role="alert">
          {errorMessage(claim.error, t('failed'))}
        </span>
      )}
    </div>
  );
}
