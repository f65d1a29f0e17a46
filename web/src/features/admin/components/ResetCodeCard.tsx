/**
 * A player's password reset by the operator: "Issue reset code", confirmed (a new code replaces any earlier one),
 * then the code once, in a panel with a copy button and how to pass it on. Hiding the panel or leaving the page loses
 * it for good (it is kept in memory only; see `useResetCode`). The audit log records that a code was issued, never it.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/CopyButton';
import type { AdminUser } from '../api/types';
import { useResetCode } from '../hooks/use-reset-code';
import { Card } from '@/components/Card';
import { FormError } from '@/components/Field';
import { ConfirmModal } from './ConfirmModal';

function CodePanel({
  code,
  name,
  userNo,
  onDone,
}: {
  code: string;
  name: string;
  userNo: number | string;
  onDone: () => void;
}) {
  const { t } = useTranslation('adminMoney');
  const ref = useRef<HTMLDivElement>(null);
  // Where the operator's attention (and a screen reader) should be.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      className="reset-code-panel"
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby="reset-code-label"
      data-testid="reset-code-panel"
    >
      <p id="reset-code-label" className="reset-code-label">
        {t('user.reset.codeFor', { name, userNo })}
      </p>
      <div className="reset-code-row">
        {/* In groups of four, to read out (the text is the bare code: selecting it copies no spaces). */}
        <output className="reset-code-value mono" data-testid="reset-code-value">
          {(code.match(/.{1,4}/g) ?? [code]).map((g, i) => (
            <span key={i}>{g}</span>
          ))}
        </output>
        <CopyButton text={code} label={t('user.reset.copy')} testId="reset-code-copy" />
      </div>
      <p className="hint">{t('user.reset.passOn')}</p>
      <p className="reset-code-once" data-testid="reset-code-once">
        {t('user.reset.once')}
      </p>
      <button type="button" className="btn btn-small btn-primary" data-testid="reset-code-done" onClick={onDone}>
        {t('user.reset.done')}
      </button>
    </div>
  );
}

export function ResetCodeCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation('adminMoney');
  const r = useResetCode(user.userNo);
  const [confirming, setConfirming] = useState(false);
  return (
    <Card id="reset-title" title={t('user.reset.title')} testId="reset-card">
      {r.code ? (
        <CodePanel code={r.code} name={user.name} userNo={r.userNo ?? user.userNo} onDone={r.dismiss} />
      ) : (
        <>
          <p className="hint">{t('user.reset.intro')}</p>
          <button
            type="button"
            className="btn btn-small btn-outline"
            data-testid="reset-issue"
            disabled={r.isPending}
            onClick={() => setConfirming(true)}
          >
            {r.isPending ? t('user.reset.issuing') : t('user.reset.issue')}
          </button>
        </>
      )}
      <FormError error={r.error} className="decision-error" />
      {confirming && (
        <ConfirmModal
          title={t('user.reset.confirmTitle')}
          onClose={() => setConfirming(false)}
          yes={t('user.reset.confirmYes')}
          onYes={() => {
            setConfirming(false);
            r.issue();
          }}
        >
          <p data-testid="reset-confirm-text">{t('user.reset.confirm', { name: user.name })}</p>
        </ConfirmModal>
      )}
    </Card>
  );
}
