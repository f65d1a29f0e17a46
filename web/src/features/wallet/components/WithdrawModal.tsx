import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormResult, InputField } from '@/components/Field';
import { Modal } from '@/components/Modal';
import { kycQueryKey, useKyc } from '@/features/kyc/api/get-kyc';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatInr } from '@/lib/money';
import { usePlatform, type RealMoney } from '@/lib/platform';
import { toWireId } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { useWithdrawals } from '../api/get-withdrawals';
import { requestWithdrawal } from '../api/withdraw';
import { AMOUNT_INPUT, FILL_ALL, validateWithdraw } from '../validation';
import { StatusBadge } from './StatusBadge';

interface Props {
  userId: string | null;
  balance: number | undefined;
  defaultName: string;
  onClose: () => void;
}

type Dialog = { title: string; text: string } | null;

const IDENTITY = '/account/identity';

/**
 * Real mode: before the form, the amounts that need a verified identity and the player's level, so a refusal comes as
 * no surprise; a link to the identity screen until they are verified.
 */
function KycNote({ realMoney, onLeave }: { realMoney: RealMoney; onLeave: () => void }) {
  const { t } = useTranslation('wallet');
  const level = useKyc().data?.level;
  return (
    <div className="form-info" data-testid="withdraw-kyc">
      <p>
        {t('withdraw.kyc.thresholds', {
          single: formatInr(realMoney.kycThresholds.single),
          rolling: formatInr(realMoney.kycThresholds.rolling30Days),
        })}
      </p>
      {level && (
        <p>
          {t('withdraw.kyc.level')} <b data-testid="withdraw-kyc-level">{t(`kyc:level.${level}`)}</b>
          {level !== 'verified' && (
            <>
              {' · '}
              <Link to={IDENTITY} onClick={onLeave}>
                {t('withdraw.kyc.verify')}
              </Link>
            </>
          )}
        </p>
      )}
    </div>
  );
}

export function WithdrawModal({ userId, balance, defaultName, onClose }: Props) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const list = useWithdrawals(userId);
  const empty = { userName: defaultName, upi_id: '', phoneNumber: '', amount: '' };
  const [form, setForm] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [inline, setInline] = useState<{ ok: boolean; text: string } | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  // The last refusal was `kyc_required`: the message carries a link to the identity screen.
  const [kycRequired, setKycRequired] = useState(false);
  const { realMoney } = usePlatform();
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = validateWithdraw(form, userId, balance);
    if (problem) {
      toast(t(problem), 'error');
      setInline({ ok: false, text: t(problem) });
      return;
    }
    setBusy(true);
    setInline(null);
    setKycRequired(false);
    try {
      const res = await requestWithdrawal({
        user: toWireId(userId as string),
        userName: form.userName.trim(),
        upi_id: form.upi_id.trim(),
        phoneNumber: form.phoneNumber.trim(),
        withdrawAmount: Number(form.amount),
      });
      if (res.success) {
        setDialog({ title: t('withdraw.successTitle'), text: t('withdraw.successText') });
        setInline({ ok: true, text: t('withdraw.submitted') });
        setForm(empty);
        void list.refetch();
        void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      } else {
        setInline({ ok: false, text: t('withdraw.failed') });
        toast(t('withdraw.failed'), 'error');
      }
    } catch (err) {
      if (err instanceof ApiError && (err.code || err.message)) {
        // The server's refusal (balance, limits, a paused account…), in the player's language when it has a code.
        const text = errorMessage(err, t('withdraw.failed'));
        setInline({ ok: false, text });
        toast(text, 'error');
        if (err.code === 'kyc_required') {
          setKycRequired(true);
          // The level may have changed since the screen asked (an operator's decision).
          void queryClient.invalidateQueries({ queryKey: kycQueryKey });
        }
      } else {
        setDialog({ title: t('common:error'), text: t(FILL_ALL) });
        setInline({ ok: false, text: t('withdraw.error') });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={t('withdraw.title')} onClose={onClose}>
      <p className="muted">{t('withdraw.available', { amount: formatInr(balance) })}</p>
      {realMoney && <KycNote realMoney={realMoney} onLeave={onClose} />}
      <form className="form" onSubmit={onSubmit}>
        <InputField
          id="wd-name"
          label={t('withdraw.userName')}
          value={form.userName}
          onChange={set('userName')}
          required
        />
        <InputField id="wd-upi" label={t('withdraw.upiId')} value={form.upi_id} onChange={set('upi_id')} required />
        <InputField
          id="wd-phone"
          label={t('withdraw.phone')}
          type="tel"
          inputMode="tel"
          value={form.phoneNumber}
          onChange={set('phoneNumber')}
          required
        />
        <InputField
          id="wd-amount"
          label={t('withdraw.amount')}
          {...AMOUNT_INPUT}
          value={form.amount}
          onChange={set('amount')}
          required
        />
        <FormResult result={inline} testId="withdraw-result">
          {kycRequired && (
            <>
              {' '}
              <Link to={IDENTITY} onClick={onClose} data-testid="withdraw-kyc-link">
                {t('withdraw.kyc.verify')}
              </Link>
            </>
          )}
        </FormResult>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t('withdraw.busy') : t('withdraw.submit')}
        </button>
      </form>
      {dialog && (
        <div className="inner-dialog" role="alertdialog" aria-label={dialog.title}>
          <h3>{dialog.title}</h3>
          <p>{dialog.text}</p>
          <button type="button" className="btn btn-primary" onClick={() => setDialog(null)}>
            {t('common:ok')}
          </button>
        </div>
      )}
      <h3 className="list-title">{t('withdraw.listTitle')}</h3>
      {list.data && list.data.length > 0 ? (
        <ul className="req-list">
          {list.data.map((w) => (
            <li key={String(w.id ?? w._id)}>
              <span>
                {formatInr(w.withdrawAmount)} <small>{w.upi_id}</small>
              </span>
              <StatusBadge status={w.status} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('withdraw.none')}</p>
      )}
    </Modal>
  );
}
