/**
 * Move one lease: choose a live node other than the owner, confirm, and the server asks the owner to hand it over at
 * the resource's next safe point (Aviator: when the round in play has ended), so the owner changes a few seconds
 * later. A refusal shows the server's message in the row; a 202 a note until the lease has moved.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Trans, useTranslation } from 'react-i18next';
import { adminErrorMessage } from '../text';
import { adminKeys } from '../api/keys';
import { moveLease } from '../api/cluster';
import type { ClusterLease, ClusterNode } from '../api/types';
import { moveTargets } from '../cluster';
import { FormError } from '@/components/Field';
import { ConfirmModal } from './ConfirmModal';

/** What was asked: from which owner to which node. */
interface Asked {
  from: string | null;
  to: string;
}

export function LeaseMove({ lease, nodes }: { lease: ClusterLease; nodes: ClusterNode[] }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const targets = moveTargets(nodes, lease);
  const [chosen, setChosen] = useState('');
  // The choice stays valid as the 2 s refresh changes the nodes: else the first live node other than the owner.
  const to = targets.find((n) => n.id === chosen)?.id ?? targets[0]?.id ?? '';
  const [confirm, setConfirm] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [asked, setAsked] = useState<Asked | null>(null);
  const id = `lease-move-${lease.resource.replace(/[^A-Za-z0-9_-]/g, '-')}`;

  const m = useMutation({
    mutationFn: (target: string) => moveLease(lease.resource, target),
    onMutate: () => {
      setError('');
      setAsked(null);
    },
    onSuccess: (r, target) => setAsked({ from: r?.owner ?? lease.owner ?? null, to: r?.movingTo || target }),
    onError: (err) => setError(adminErrorMessage(err, t('lease.refused'))),
    onSettled: () => {
      setConfirm(null);
      void qc.invalidateQueries({ queryKey: adminKeys.cluster() });
    },
  });

  const unowned = lease.owner === null;
  const disabled = unowned || targets.length === 0 || m.isPending;
  // Until the old owner lets go the note says what was asked; then that it has moved.
  const waiting = asked !== null && lease.owner === asked.from;

  return (
    <div className="lease-move" data-testid={id}>
      <div className="lease-move-controls">
        <label className="sr-only" htmlFor={`${id}-to`}>
          {t('lease.nodeLabel', { resource: lease.resource })}
        </label>
        <select id={`${id}-to`} value={to} disabled={disabled} onChange={(e) => setChosen(e.target.value)}>
          {targets.length === 0 && <option value="">{t('lease.noTarget')}</option>}
          {targets.map((n) => (
            <option key={n.id} value={n.id}>
              {n.id}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-small btn-outline"
          disabled={disabled || to === ''}
          onClick={() => setConfirm(to)}
          aria-label={t('lease.moveLabel', { resource: lease.resource })}
        >
          {m.isPending ? t('lease.moving') : t('lease.move')}
        </button>
      </div>
      {unowned && <p className="hint">{t('lease.unowned')}</p>}
      <FormError error={error} className="decision-error" />
      {asked && (
        <p className="lease-move-note" role="status">
          {waiting
            ? t('lease.asked', { from: asked.from ?? t('lease.theOwner'), resource: lease.resource, to: asked.to })
            : lease.owner === asked.to
              ? t('lease.moved', { to: asked.to, resource: lease.resource })
              : t('lease.changedHands', { resource: lease.resource, owner: lease.owner ?? t('lease.noNode') })}
        </p>
      )}
      {/* Out of the table, whose cells would lend it their nowrap and alignment. */}
      {confirm !== null &&
        createPortal(
          <ConfirmModal
            title={t('lease.moveLabel', { resource: lease.resource })}
            onClose={() => setConfirm(null)}
            yes={m.isPending ? t('lease.moving') : t('lease.moveTo', { node: confirm })}
            onYes={() => m.mutate(confirm)}
            pending={m.isPending}
          >
            <p data-testid="lease-move-confirm-text">
              <Trans
                t={t}
                i18nKey="lease.confirm"
                values={{ resource: lease.resource, from: lease.owner ?? t('lease.noOwner'), to: confirm }}
                components={{ res: <b className="mono" />, b: <b /> }}
              />
            </p>
            <p className="hint">{t(lease.resource === 'aviator' ? 'lease.hintAviator' : 'lease.hint')}</p>
          </ConfirmModal>,
          document.body,
        )}
    </div>
  );
}
