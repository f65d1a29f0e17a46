/**
 * A player's password reset by the operator: "Issue reset code", confirmed (a new code replaces any earlier one),
 * then the code once, in a panel with a copy button and how to pass it on. Hiding the panel or leaving the page loses
 * it for good (it is kept in memory only; see `useResetCode`). The audit log records that a code was issued, never it.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/Modal';
import { COPY_CONFIRM_MS } from '@/config/constants';
import type { AdminUser } from '../api/types';
import { useResetCode } from '../hooks/use-reset-code';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Fall through (an insecure origin, permission refused).
    }
  }
  const el = document.createElement('textarea');
  el.value = text;
  el.setAttribute('readonly', '');
  document.body.appendChild(el);
  el.select();
  document.execCommand('copy');
  el.remove();
}

function CopyCode({ code }: { code: string }) {
  const { t } = useTranslation('adminMoney');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="btn btn-small btn-outline"
      data-testid="reset-code-copy"
      onClick={() =>
        copyText(code).then(
          () => setCopied(true),
          () => undefined,
        )
      }
    >
      {copied ? t('common:copied') : t('user.reset.copy')}
    </button>
  );
}

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
        <CopyCode code={code} />
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
    <section className="card" aria-labelledby="reset-title" data-testid="reset-card">
      <h2 id="reset-title" className="card-title">
        {t('user.reset.title')}
      </h2>
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
      {r.error && (
        <p className="decision-error" role="alert">
          {r.error}
        </p>
      )}
      {confirming && (
        <Modal title={t('user.reset.confirmTitle')} onClose={() => setConfirming(false)}>
          <p data-testid="reset-confirm-text">{t('user.reset.confirm', { name: user.name })}</p>
          <div className="form-row">
            <button type="button" className="btn btn-outline" onClick={() => setConfirming(false)}>
              {t('admin:common.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setConfirming(false);
                r.issue();
              }}
            >
              {t('user.reset.confirmYes')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
