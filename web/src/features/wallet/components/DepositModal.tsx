import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormResult, InputField } from '@/components/Field';
import { Modal } from '@/components/Modal';
import { MOBILE_BREAKPOINT_PX } from '@/config/constants';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatInr } from '@/lib/money';
import { toWireId } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { useMediaQuery } from '@/lib/use-media';
import { addDeposit } from '../api/add-deposit';
import { usePaymentDetails } from '../api/get-upi-qr';
import { depositReference, upiAmount, upiPayLink } from '../upi';
import { AMOUNT_INPUT, DEPOSIT_PROFILE_MISSING, whatsappLink } from '../validation';
import { CopyButton } from '@/components/CopyButton';

/** A phone: a touch screen, or a screen no wider than the app's mobile layout. */
const PHONE = `(pointer: coarse), (max-width: ${MOBILE_BREAKPOINT_PX}px)`;
const QR_PX = 240;

interface Props {
  userId: string | null;
  /** The player's user number: it goes into the payment reference (the id when absent). */
  userNo?: string;
  defaultName: string;
  onClose: () => void;
}

/**
 * The QR code of the UPI payment link, drawn in the browser (the link is in `data-upi-link`, and `data-drawn` says
 * the canvas shows it); on a phone, the same link as a "Pay with UPI app" button.
 */
function UpiQr({ link, amount, appLink }: { link: string; amount: string; appLink: boolean }) {
  const { t } = useTranslation('wallet');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState<string | null>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    let live = true;
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toCanvas(el, link, { width: QR_PX, margin: 4, errorCorrectionLevel: 'M' }))
      .then(() => live && setDrawn(link))
      .catch(() => undefined); // no canvas (old browser): the app link and the UPI ID still work
    return () => {
      live = false;
    };
  }, [link]);
  return (
    <div className="pay-qr">
      <canvas
        ref={canvas}
        width={QR_PX}
        height={QR_PX}
        role="img"
        aria-label={t('deposit.qrLabel', { amount })}
        data-testid="upi-qr"
        data-upi-link={link}
        data-drawn={drawn === link ? 'true' : 'false'}
      />
      <p className="hint">{t('deposit.scanHint', { amount })}</p>
      {appLink && (
        <a className="btn btn-primary btn-block" href={link} data-testid="upi-app-link">
          {t('deposit.payWithApp')}
        </a>
      )}
    </div>
  );
}

export function DepositModal({ userId, userNo, defaultName, onClose }: Props) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const { data: pay } = usePaymentDetails();
  const phone = useMediaQuery(PHONE);
  const [form, setForm] = useState({ userName: defaultName, phone: '', amount: '', utr: '' });
  // Made when the modal opens: the payment's note, sent with the request so the operator can match the two.
  const [reference, setReference] = useState(() => depositReference(userNo ?? userId));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string; link?: string } | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  const upiLink = pay
    ? upiPayLink({ upiId: pay.upi_id, payeeName: pay.payeeName, amount: form.amount, reference })
    : null;
  const amount = upiAmount(form.amount);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!userId) {
      setMessage({ ok: false, text: t(DEPOSIT_PROFILE_MISSING) });
      toast(t(DEPOSIT_PROFILE_MISSING), 'error');
      return;
    }
    setBusy(true);
    setMessage(null);
    const summary = {
      name: form.userName.trim(),
      phone: form.phone.trim(),
      amount: form.amount.trim(),
      utr: form.utr.trim(),
      reference,
    };
    try {
      await addDeposit({
        Utr: summary.utr,
        userName: summary.name,
        user: toWireId(userId),
        phoneNumber: summary.phone || 'N/A',
        deposite: Number(summary.amount),
        reference,
      });
      const link = pay?.phone ? whatsappLink(pay.phone, summary) : undefined;
      setMessage({ ok: true, text: t('deposit.success'), link });
      toast(t('deposit.success'), 'success');
      setForm({ ...form, amount: '', utr: '' });
      // The next deposit is another payment: it gets its own reference.
      setReference(depositReference(userNo ?? userId));
      void queryClient.invalidateQueries({ queryKey: ['deposits'] });
      if (link) window.open(link, '_blank', 'noopener');
    } catch (err) {
      // A refusal with a reason (a deposit limit, a break, a UTR already used) says it; anything else, the spec's text.
      const text = err instanceof ApiError && err.code ? errorMessage(err, t('deposit.failure')) : t('deposit.failure');
      setMessage({ ok: false, text });
      toast(text, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={t('deposit.title')} onClose={onClose}>
      <div className="pay-details">
        <div className="pay-row">
          <span>
            {t('deposit.upiId')} <b data-testid="upi-id">{pay?.upi_id || '—'}</b>
          </span>
          <CopyButton text={pay?.upi_id ?? ''} />
        </div>
        <div className="pay-row">
          <span>
            {t('deposit.phoneApps')} <b>{pay?.phone || '—'}</b>
          </span>
          <CopyButton text={pay?.phone ?? ''} />
        </div>
        <div className="pay-row">
          <span>
            {t('deposit.reference')} <b data-testid="deposit-reference">{reference}</b>
          </span>
          <CopyButton text={reference} testId="copy-reference" />
        </div>
        <p className="hint">{t('deposit.referenceHint')}</p>
        {!upiLink && pay?.qrCode ? (
          <div className="pay-qr">
            <img src={pay.qrCode} alt={t('deposit.qrAlt')} width={160} height={160} />
            <CopyButton text={pay.qrCode} label={t('deposit.copyQrLink')} />
          </div>
        ) : null}
      </div>
      <form className="form" onSubmit={onSubmit}>
        <InputField
          id="dep-name"
          label={t('deposit.userName')}
          value={form.userName}
          onChange={set('userName')}
          required
        />
        <InputField
          id="dep-phone"
          label={t('deposit.mobileNo')}
          type="tel"
          inputMode="tel"
          value={form.phone}
          onChange={set('phone')}
        />
        <InputField
          id="dep-amount"
          label={t('deposit.amount')}
          {...AMOUNT_INPUT}
          value={form.amount}
          onChange={set('amount')}
          required
          after={pay?.upi_id && !upiLink && <small className="hint">{t('deposit.enterAmountHint')}</small>}
        />
        {upiLink && amount !== null && <UpiQr link={upiLink} amount={formatInr(Number(amount))} appLink={phone} />}
        <InputField id="dep-utr" label={t('deposit.utr')} value={form.utr} onChange={set('utr')} required />
        <p className="note">{t('deposit.note')}</p>
        <FormResult result={message}>
          {' '}
          {message?.link && (
            <a href={message.link} target="_blank" rel="noreferrer">
              {t('deposit.openWhatsapp')}
            </a>
          )}
        </FormResult>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t('deposit.busy') : t('deposit.submit')}
        </button>
      </form>
    </Modal>
  );
}
