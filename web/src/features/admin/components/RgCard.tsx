/**
 * A person's responsible gaming, as they set it themselves: the break or self-exclusion in force and their seven
 * limits (in force, used so far this IST period, a raise or removal waiting and from when). The operator may end a
 * break early (confirmed, audited as `user.break_lift`); a self-exclusion is never lifted before its end, by anyone.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatInr } from '@/lib/money';
import { toast } from '@/lib/toast';
import { adminKeys } from '../api/keys';
import { liftBreak } from '../api/money';
import type { RgExclusion, RgLimit, RgSettings } from '../api/types';
import { dateTime } from '../format';
import { adminErrorMessage } from '../text';
import { DataTable, type Column } from '@/components/DataTable';
import { Card } from '@/components/Card';
import { FormError } from '@/components/Field';
import { ConfirmModal } from './ConfirmModal';

function Exclusion({
  exclusion,
  userId,
  name,
}: {
  exclusion: RgExclusion | null | undefined;
  userId: string;
  name: string;
}) {
  const { t } = useTranslation('adminMoney');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // Kept here, not with the button: a refusal stays on show after the refresh has removed the button.
  const [error, setError] = useState('');
  const m = useMutation({
    mutationFn: () => liftBreak(userId),
    onMutate: () => setError(''),
    onSuccess: () => toast(t('user.rg.lifted'), 'success'),
    onError: (err) => setError(adminErrorMessage(err, t('user.rg.liftFailed'))),
    onSettled: () => {
      setConfirming(false);
      // Refused or not, the person's state may have changed (a self-exclusion taken meanwhile): show it as it is.
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  const until = exclusion ? dateTime(exclusion.until) : '';
  const isBreak = exclusion?.kind === 'break';
  return (
    <div className="rg-exclusion">
      {!exclusion ? (
        <p className="muted small" data-testid="rg-no-exclusion">
          {t('user.rg.noExclusion')}
        </p>
      ) : (
        <span
          className={`status ${isBreak ? 'status-pending' : 'status-rejected'}`}
          data-testid="rg-exclusion"
          data-kind={exclusion.kind}
        >
          {isBreak ? t('user.rg.onBreak', { until }) : t('user.rg.selfExcluded', { until })}
        </span>
      )}
      {isBreak && (
        <button
          type="button"
          className="btn btn-small btn-outline"
          data-testid="rg-lift"
          disabled={m.isPending}
          onClick={() => setConfirming(true)}
        >
          {m.isPending ? t('user.rg.lifting') : t('user.rg.lift')}
        </button>
      )}
      {exclusion && !isBreak && (
        <p className="hint" data-testid="rg-locked-note">
          {t('user.rg.lockedNote')}
        </p>
      )}
      <FormError error={error} className="decision-error" />
      {confirming && isBreak && (
        <ConfirmModal
          title={t('user.rg.liftTitle')}
          onClose={() => setConfirming(false)}
          yes={m.isPending ? t('user.rg.lifting') : t('user.rg.liftYes')}
          onYes={() => m.mutate()}
          pending={m.isPending}
        >
          <p data-testid="rg-lift-confirm-text">{t('user.rg.liftConfirm', { name })}</p>
        </ConfirmModal>
      )}
    </div>
  );
}

/** The seven limits' columns: in force, used so far this period, a raise or removal waiting and from when. */
function limitColumns(t: TFunction<'adminMoney'>): Column<RgLimit>[] {
  const amount = (v: number | null | undefined) =>
    v === null || v === undefined ? t('user.rg.noLimit') : formatInr(v);
  return [
    { label: t('user.rg.limit'), cell: (l) => t(`user.rg.kinds.${l.kind}`, { defaultValue: l.kind }) },
    { label: t('user.rg.inForce'), num: true, cell: (l) => amount(l.amount) },
    {
      label: t('user.rg.used'),
      num: true,
      cell: (l) => (l.used === null || l.used === undefined ? '—' : formatInr(l.used)),
    },
    {
      label: t('user.rg.waiting'),
      cell: (l) =>
        l.pending
          ? t('user.rg.pendingFrom', { amount: amount(l.pending.amount), when: dateTime(l.pending.effectiveAt) })
          : '—',
    },
  ];
}

export function RgCard({ rg, userId, name }: { rg: RgSettings | null | undefined; userId: string; name: string }) {
  const { t } = useTranslation('adminMoney');
  const limits = rg?.limits ?? [];
  return (
    <Card id="rg-title" title={t('user.rg.title')} testId="rg-card">
      {rg ? (
        <Exclusion exclusion={rg.exclusion} userId={userId} name={name} />
      ) : (
        <p className="muted small">{t('user.rg.unavailable')}</p>
      )}
      <DataTable
        columns={limitColumns(t)}
        rows={limits}
        rowKey={(l) => l.kind}
        row={(l) => ({ 'data-testid': `rg-limit-${l.kind}` })}
        testId="rg-limits"
        empty={rg ? t('user.rg.noLimits') : undefined}
      />
    </Card>
  );
}
