/**
 * Identity (KYC), real mode only: the player's level and the state of their last submission, the withdrawal amounts
 * that need a verified identity, their uploaded images, and the form (again after a rejection, with its reason).
 */
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { formatDateTime } from '@/i18n/format';
import { errorMessage } from '@/lib/api-client';
import { formatInr } from '@/lib/money';
import { usePlatform } from '@/lib/platform';
import { useKyc } from '../api/get-kyc';
import type { Kyc } from '../api/types';
import { DocumentImage } from './DocumentImage';
import { KycForm } from './KycForm';
import { KycLevelBadge, KycStatusBadge } from './KycBadges';
import '../kyc.css';

function StatusCard({ kyc }: { kyc: Kyc }) {
  const { t } = useTranslation('kyc');
  return (
    <Card id="kyc-status-title" title={t('statusTitle')} testId="kyc-status-card">
      <dl className="kv">
        <dt>{t('levelLabel')}</dt>
        <dd>
          <KycLevelBadge level={kyc.level} />
        </dd>
        <dt>{t('statusLabel')}</dt>
        <dd>
          <KycStatusBadge status={kyc.status} />
        </dd>
        {kyc.fullName && (
          <>
            <dt>{t('nameLabel')}</dt>
            <dd>{kyc.fullName}</dd>
          </>
        )}
        {kyc.idType && (
          <>
            <dt>{t('form.idType')}</dt>
            <dd>{t(`idType.${kyc.idType}`, { defaultValue: kyc.idType })}</dd>
          </>
        )}
        {kyc.submittedAt && (
          <>
            <dt>{t('submittedAt')}</dt>
            <dd>{formatDateTime(kyc.submittedAt)}</dd>
          </>
        )}
        {kyc.decidedAt && (
          <>
            <dt>{t('decidedAt')}</dt>
            <dd>{formatDateTime(kyc.decidedAt)}</dd>
          </>
        )}
      </dl>
      <p className="hint" data-testid="kyc-explain">
        {t(`explain.${kyc.status}`)}
      </p>
      {kyc.status === 'rejected' && kyc.reason && (
        <p className="form-error" data-testid="kyc-reason">
          {t('reason', { reason: kyc.reason })}
        </p>
      )}
    </Card>
  );
}

export function IdentityPage() {
  const { t } = useTranslation('kyc');
  const { play, realMoney } = usePlatform();
  const q = useKyc(!play);
  const kyc = q.data;
  if (play) {
    return (
      <div className="page">
        <h1 className="page-title">{t('title')}</h1>
        <p className="muted">{t('playMode')}</p>
      </div>
    );
  }
  // A new submission when there is none, or the last was rejected; none while one waits or once verified.
  const canSubmit = kyc && kyc.level !== 'verified' && (kyc.status === 'none' || kyc.status === 'rejected');
  return (
    <div className="page kyc-page">
      <h1 className="page-title">{t('title')}</h1>
      {realMoney && (
        <p className="form-info" data-testid="kyc-thresholds">
          {t('thresholds', {
            single: formatInr(realMoney.kycThresholds.single),
            rolling: formatInr(realMoney.kycThresholds.rolling30Days),
          })}
        </p>
      )}
      {q.isPending && <p className="muted">{t('loading')}</p>}
      {q.isError && <p className="form-error">{errorMessage(q.error, t('loadFailed'))}</p>}
      {kyc && <StatusCard kyc={kyc} />}
      {kyc && kyc.documents.length > 0 && (
        <Card id="kyc-docs-title" title={t('documents.title')}>
          <div className="kyc-docs">
            {kyc.documents.map((d) => (
              <DocumentImage key={d.id} doc={d} />
            ))}
          </div>
        </Card>
      )}
      {canSubmit && (
        <Card id="kyc-form-title" title={kyc.status === 'rejected' ? t('form.again') : t('form.title')}>
          <KycForm />
        </Card>
      )}
    </div>
  );
}
