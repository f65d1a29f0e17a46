/**
 * Identity checks (KYC), real mode: the players' submissions by status, each with the player's age and region, the
 * details they gave and their document images (fetched with the operator's session, enlarged on a tap), and for a
 * pending one Approve / Reject (a reason the player sees). The server audits each decision.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BlobImage } from '@/components/BlobImage';
import { FormError } from '@/components/Field';
import { Modal } from '@/components/Modal';
import type { KycDocument } from '@/features/kyc/api/types';
import { usePlatform } from '@/lib/platform';
import { toast } from '@/lib/toast';
import { adminKeys } from '../api/keys';
import { adminKycDocumentPath, approveKyc, rejectKyc, useAdminKyc, type KycSubmission } from '../api/kyc';
import type { StatusFilter } from '../api/money';
import { AdminPage } from '../components/AdminPage';
import { ConfirmModal } from '../components/ConfirmModal';
import { DecisionButtons } from '../components/DecisionButtons';
import { PlayModeNotice } from '../components/PlayModeNotice';
import { QueryState } from '../components/QueryState';
import { dateTime } from '../format';
import { isReasonValid, regionLabel, REASON_MAX } from '../kyc';
import { adminErrorMessage } from '../text';

const STATUSES: StatusFilter[] = ['pending', 'approved', 'rejected', 'all'];

function DocumentThumb({ doc, onOpen }: { doc: KycDocument; onOpen: () => void }) {
  const { t } = useTranslation('adminKyc');
  const side = t(`side.${doc.kind}`);
  return (
    <figure className="kyc-thumb">
      <button type="button" className="ghost-btn" onClick={onOpen} aria-label={t('documents.open', { side })}>
        <BlobImage
          path={adminKycDocumentPath(doc.id)}
          alt={t('documents.alt', { side })}
          placeholder={(error) => (
            <span className="muted small">
              {error ? adminErrorMessage(error, t('documents.failed')) : t('documents.loading')}
            </span>
          )}
        />
      </button>
      <figcaption className="muted small">{side}</figcaption>
    </figure>
  );
}

function RejectModal({ sub, onClose }: { sub: KycSubmission; onClose: () => void }) {
  const { t } = useTranslation('adminKyc');
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const m = useMutation({
    mutationFn: () => rejectKyc(sub.userId, reason.trim()),
    onSuccess: () => {
      toast(t('rejected', { name: sub.name }), 'success');
      onClose();
    },
    onError: (err) => setError(adminErrorMessage(err, t('failed'))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
  return (
    <ConfirmModal
      title={t('reject.title', { name: sub.name })}
      onClose={onClose}
      yes={m.isPending ? t('reject.rejecting') : t('reject.confirm')}
      onYes={() => (isReasonValid(reason) ? m.mutate() : setError(t('reject.reasonRule')))}
      pending={m.isPending}
      yesTestId="kyc-reject-confirm"
    >
      <label className="field">
        <span>{t('reject.reason')}</span>
        <textarea
          value={reason}
          maxLength={REASON_MAX}
          rows={3}
          onChange={(e) => setReason(e.target.value)}
          data-testid="kyc-reject-reason"
        />
      </label>
      <p className="hint">{t('reject.reasonHint')}</p>
      <FormError error={error} />
    </ConfirmModal>
  );
}

function SubmissionCard({
  sub,
  onOpen,
  onReject,
  onError,
}: {
  sub: KycSubmission;
  onOpen: (doc: KycDocument, sub: KycSubmission) => void;
  onReject: () => void;
  onError: (m: string) => void;
}) {
  const { t } = useTranslation('adminKyc');
  const regions = usePlatform().realMoney?.regions;
  const tone = sub.status === 'approved' ? 'approved' : sub.status === 'rejected' ? 'rejected' : 'pending';
  return (
    <section className="card kyc-card" data-testid={`kyc-${sub.userId}`} aria-labelledby={`kyc-${sub.userId}-name`}>
      <div className="admin-head">
        <h2 id={`kyc-${sub.userId}-name`} className="card-title">
          <Link to={`/admin/money/users/${sub.userId}`}>{sub.name}</Link>{' '}
          <span className="muted small">#{String(sub.userNo)}</span>
        </h2>
        <span className={`status status-${tone}`} data-testid="kyc-row-status">
          {t(`status.${sub.status}`)}
        </span>
      </div>
      <dl className="kv">
        <dt>{t('col.phone')}</dt>
        <dd>{sub.phone}</dd>
        <dt>{t('col.dateOfBirth')}</dt>
        <dd>{sub.dateOfBirth ? t('col.dobAge', { date: sub.dateOfBirth, age: sub.age ?? '—' }) : '—'}</dd>
        <dt>{t('col.region')}</dt>
        <dd>{regionLabel(sub.region, regions)}</dd>
        <dt>{t('col.fullName')}</dt>
        <dd>{sub.fullName ?? '—'}</dd>
        <dt>{t('col.idType')}</dt>
        <dd>{sub.idType ? t(`kyc:idType.${sub.idType}`, { defaultValue: sub.idType }) : '—'}</dd>
        <dt>{t('col.idNumber')}</dt>
        <dd className="mono">{sub.idNumber ?? '—'}</dd>
        <dt>{t('col.level')}</dt>
        <dd>{t(`kyc:level.${sub.level}`)}</dd>
        <dt>{t('col.submitted')}</dt>
        <dd>{dateTime(sub.submittedAt)}</dd>
        {sub.decidedAt && (
          <>
            <dt>{t('col.decided')}</dt>
            <dd>{dateTime(sub.decidedAt)}</dd>
          </>
        )}
        {sub.reason && (
          <>
            <dt>{t('col.reason')}</dt>
            <dd>{sub.reason}</dd>
          </>
        )}
      </dl>
      <div className="kyc-thumbs">
        {sub.documents.map((d) => (
          <DocumentThumb key={d.id} doc={d} onOpen={() => onOpen(d, sub)} />
        ))}
      </div>
      {sub.status === 'pending' && (
        <DecisionButtons
          decide={() => approveKyc(sub.userId)}
          onReject={onReject}
          label={t('label', { name: sub.name })}
          onError={onError}
        />
      )}
    </section>
  );
}

/** In play mode there are no identity checks: a notice instead. */
export default function KycScreen() {
  const { t } = useTranslation('adminKyc');
  return usePlatform().play ? <PlayModeNotice title={t('title')} /> : <Kyc />;
}

function Kyc() {
  const { t } = useTranslation('adminKyc');
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [notice, setNotice] = useState('');
  const [open, setOpen] = useState<{ doc: KycDocument; sub: KycSubmission } | null>(null);
  const [rejecting, setRejecting] = useState<KycSubmission | null>(null);
  const q = useAdminKyc(status);
  const rows = q.data ?? [];
  return (
    <AdminPage
      id="kyc-title"
      title={t('title')}
      head={
        <label className="inline-field">
          <span className="muted small">{t('show')}</span>
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as StatusFilter)}
            aria-label={t('showLabel')}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`filter.${s}`)}
              </option>
            ))}
          </select>
        </label>
      }
    >
      {notice && (
        <div className="form-error notice" role="alert" data-testid="decision-notice">
          <span>{notice}</span>
          <button
            type="button"
            className="ghost-btn"
            aria-label={t('admin:common.dismiss')}
            onClick={() => setNotice('')}
          >
            ×
          </button>
        </div>
      )}
      <QueryState isPending={q.isPending} error={q.error} what={t('what')} />
      {q.data && rows.length === 0 && <p className="card muted">{t(`empty.${status}`)}</p>}
      {rows.map((sub) => (
        <SubmissionCard
          key={`${sub.userId}-${sub.submittedAt ?? ''}`}
          sub={sub}
          onOpen={(doc, s) => setOpen({ doc, sub: s })}
          onReject={() => setRejecting(sub)}
          onError={setNotice}
        />
      ))}
      {open && (
        <Modal
          title={t('documents.title', { name: open.sub.name, side: t(`side.${open.doc.kind}`) })}
          onClose={() => setOpen(null)}
        >
          <BlobImage
            className="kyc-full"
            path={adminKycDocumentPath(open.doc.id)}
            alt={t('documents.alt', { side: t(`side.${open.doc.kind}`) })}
            placeholder={(error) => (
              <p className="muted">
                {error ? adminErrorMessage(error, t('documents.failed')) : t('documents.loading')}
              </p>
            )}
          />
        </Modal>
      )}
      {rejecting && <RejectModal sub={rejecting} onClose={() => setRejecting(null)} />}
    </AdminPage>
  );
}
