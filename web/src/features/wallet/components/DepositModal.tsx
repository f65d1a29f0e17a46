import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Modal } from '@/components/Modal';
import { toWireId } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { addDeposit } from '../api/add-deposit';
import { usePaymentDetails } from '../api/get-upi-qr';
import { DEPOSIT_PROFILE_MISSING, whatsappLink } from '../validation';
import { CopyButton } from './CopyButton';

const SUCCESS = 'Submitted! Your payment proof has been sent successfully.';
const FAILURE = 'Submission Failed: There was an error submitting the payment. Please try again.';

interface Props {
  userId: string | null;
  defaultName: string;
  onClose: () => void;
}

export function DepositModal({ userId, defaultName, onClose }: Props) {
  const queryClient = useQueryClient();
  const { data: pay } = usePaymentDetails();
  const [form, setForm] = useState({ userName: defaultName, phone: '', amount: '', utr: '' });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string; link?: string } | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!userId) {
      setMessage({ ok: false, text: DEPOSIT_PROFILE_MISSING });
      toast(DEPOSIT_PROFILE_MISSING, 'error');
      return;
    }
    setBusy(true);
    setMessage(null);
    const summary = { name: form.userName.trim(), phone: form.phone.trim(), amount: form.amount.trim(), utr: form.utr.trim() };
    try {
      await addDeposit({
        Utr: summary.utr,
        userName: summary.name,
        user: toWireId(userId),
        phoneNumber: summary.phone || 'N/A',
        deposite: Number(summary.amount),
      });
      const link = pay?.phone ? whatsappLink(pay.phone, summary) : undefined;
      setMessage({ ok: true, text: SUCCESS, link });
      toast(SUCCESS, 'success');
      setForm({ ...form, amount: '', utr: '' });
      void queryClient.invalidateQueries({ queryKey: ['deposits'] });
      if (link) window.open(link, '_blank', 'noopener');
    } catch {
      setMessage({ ok: false, text: FAILURE });
      toast(FAILURE, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="Deposit" onClose={onClose}>
      <div className="pay-details">
        <div className="pay-row">
          <span>
            UPI ID <b data-testid="upi-id">{pay?.upi_id || '—'}</b>
          </span>
          <CopyButton text={pay?.upi_id ?? ''} />
        </div>
        <div className="pay-row">
          <span>
            PhonePe / GPay / Paytm <b>{pay?.phone || '—'}</b>
          </span>
          <CopyButton text={pay?.phone ?? ''} />
        </div>
        {pay?.qrCode ? (
          <div className="pay-qr">
            <img src={pay.qrCode} alt="UPI QR code" width={160} height={160} />
            <CopyButton text={pay.qrCode} label="Copy QR link" />
          </div>
        ) : null}
      </div>
      <form className="form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="dep-name">UserName</label>
          <input id="dep-name" value={form.userName} onChange={set('userName')} required />
        </div>
        <div className="field">
          <label htmlFor="dep-phone">Mobile No</label>
          <input id="dep-phone" type="tel" inputMode="tel" value={form.phone} onChange={set('phone')} />
        </div>
        <div className="field">
          <label htmlFor="dep-amount">Deposit amount</label>
          <input id="dep-amount" type="number" inputMode="decimal" min="1" step="0.01" value={form.amount} onChange={set('amount')} required />
        </div>
        <div className="field">
          <label htmlFor="dep-utr">UTR NO</label>
          <input id="dep-utr" value={form.utr} onChange={set('utr')} required />
        </div>
        <p className="note">
          After paying, send a screenshot of the payment on WhatsApp so we can verify it. Your request opens in WhatsApp
          automatically.
        </p>
        {message && (
          <p className={message.ok ? 'form-success' : 'form-error'} role="status">
            {message.text}{' '}
            {message.link && (
              <a href={message.link} target="_blank" rel="noreferrer">
                Open WhatsApp
              </a>
            )}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Processing...' : 'Proceed To Deposit'}
        </button>
      </form>
    </Modal>
  );
}
