import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Modal } from '@/components/Modal';
import { ApiError } from '@/lib/api-client';
import { formatInr } from '@/lib/money';
import { toWireId } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { useWithdrawals } from '../api/get-withdrawals';
import { requestWithdrawal } from '../api/withdraw';
import { FILL_ALL, validateWithdraw } from '../validation';
import { StatusBadge } from './StatusBadge';

interface Props {
  userId: string | null;
  balance: number | undefined;
  defaultName: string;
  onClose: () => void;
}

type Dialog = { title: string; text: string } | null;

export function WithdrawModal({ userId, balance, defaultName, onClose }: Props) {
  const queryClient = useQueryClient();
  const list = useWithdrawals(userId);
  const empty = { userName: defaultName, upi_id: '', phoneNumber: '', amount: '' };
  const [form, setForm] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [inline, setInline] = useState<{ ok: boolean; text: string } | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = validateWithdraw(form, userId, balance);
    if (problem) {
      toast(problem, 'error');
      setInline({ ok: false, text: problem });
      return;
    }
    setBusy(true);
    setInline(null);
    try {
      const res = await requestWithdrawal({
        user: toWireId(userId as string),
        userName: form.userName.trim(),
        upi_id: form.upi_id.trim(),
        phoneNumber: form.phoneNumber.trim(),
        withdrawAmount: Number(form.amount),
      });
      if (res.success) {
        setDialog({ title: 'Request Successful!', text: 'You have successfully initiated a request for the amount! Wait for approval.' });
        setInline({ ok: true, text: 'Withdrawal request submitted successfully!' });
        setForm(empty);
        void list.refetch();
        void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      } else {
        setInline({ ok: false, text: 'Oops! Withdrawal request failed.' });
        toast('Oops! Withdrawal request failed.', 'error');
      }
    } catch (err) {
      if (err instanceof ApiError && err.message) {
        setInline({ ok: false, text: err.message });
        toast(err.message, 'error');
      } else {
        setDialog({ title: 'Error', text: FILL_ALL });
        setInline({ ok: false, text: 'An error occurred during withdrawal.' });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="Withdraw" onClose={onClose}>
      <p className="muted">Available: {formatInr(balance)}</p>
      <form className="form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="wd-name">Username</label>
          <input id="wd-name" value={form.userName} onChange={set('userName')} required />
        </div>
        <div className="field">
          <label htmlFor="wd-upi">UPI ID</label>
          <input id="wd-upi" value={form.upi_id} onChange={set('upi_id')} required />
        </div>
        <div className="field">
          <label htmlFor="wd-phone">Phone Number</label>
          <input id="wd-phone" type="tel" inputMode="tel" value={form.phoneNumber} onChange={set('phoneNumber')} required />
        </div>
        <div className="field">
          <label htmlFor="wd-amount">Amount</label>
          <input id="wd-amount" type="number" inputMode="decimal" min="1" step="0.01" value={form.amount} onChange={set('amount')} required />
        </div>
        {inline && (
          <p className={inline.ok ? 'form-success' : 'form-error'} role="status">
            {inline.text}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Processing...' : 'Proceed To Withdraw'}
        </button>
      </form>
      {dialog && (
        <div className="inner-dialog" role="alertdialog" aria-label={dialog.title}>
          <h3>{dialog.title}</h3>
          <p>{dialog.text}</p>
          <button type="button" className="btn btn-primary" onClick={() => setDialog(null)}>
            OK
          </button>
        </div>
      )}
      <h3 className="list-title">Your withdrawals</h3>
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
        <p className="muted">No withdrawals found</p>
      )}
    </Modal>
  );
}
