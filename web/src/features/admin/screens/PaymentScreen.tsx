/** The payment details players see when they deposit: UPI handle, phone and a QR image (with a preview). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { adminKeys } from '../api/keys';
import { savePaymentDetails, usePaymentDetailsAdmin } from '../api/money';
import type { PaymentDetails } from '../api/types';
import { QueryState } from '../components/QueryState';
import { qrKind } from '../payment';

function QrPreview({ url }: { url: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const kind = qrKind(url, window.location.origin);
  if (kind === 'empty') return <p className="muted small">No QR image: players see the UPI handle only.</p>;
  if (kind === 'invalid') return <p className="form-error">Not an image URL (use https://…, a path on this site, or a data:image URL).</p>;
  if (kind === 'external')
    return <p className="form-info">Images from other sites are blocked by this site's security policy, so players will not see it. Use an image on this site or a data:image URL.</p>;
  return (
    <div className="qr-preview">
      {failed === url ? (
        <p className="form-error">The image could not be loaded.</p>
      ) : (
        <img src={url} alt="QR code preview" width={160} height={160} onError={() => setFailed(url)} data-testid="qr-preview" />
      )}
    </div>
  );
}

function PaymentForm({ initial }: { initial: PaymentDetails }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<PaymentDetails>(initial);
  const [error, setError] = useState('');
  const m = useMutation({
    mutationFn: savePaymentDetails,
    onMutate: () => setError(''),
    onSuccess: () => {
      toast('Payment details saved', 'success');
      void queryClient.invalidateQueries({ queryKey: adminKeys.payment() });
      void queryClient.invalidateQueries({ queryKey: ['upiqr'] });
    },
    onError: (err) => setError(errorMessage(err, 'Saving failed.')),
  });
  const set = (k: keyof PaymentDetails) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.upi_id.trim()) return setError('UPI ID is required');
    m.mutate({ upi_id: form.upi_id.trim(), phone: form.phone.trim(), qrCode: form.qrCode.trim() });
  };
  return (
    <form className="form card admin-form" onSubmit={onSubmit}>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="field">
        <label htmlFor="pay-upi">UPI handle</label>
        <input id="pay-upi" value={form.upi_id} onChange={set('upi_id')} placeholder="name@bank" autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor="pay-phone">Phone (WhatsApp)</label>
        <input id="pay-phone" value={form.phone} onChange={set('phone')} inputMode="tel" placeholder="91XXXXXXXXXX" />
      </div>
      <div className="field">
        <label htmlFor="pay-qr">QR image URL</label>
        <input id="pay-qr" value={form.qrCode} onChange={set('qrCode')} placeholder="/qr.png or data:image/png;base64,…" />
      </div>
      <QrPreview url={form.qrCode} />
      <button className="btn btn-primary" type="submit" disabled={m.isPending}>
        {m.isPending ? 'Saving…' : 'Save payment details'}
      </button>
    </form>
  );
}

export default function PaymentScreen() {
  const q = usePaymentDetailsAdmin();
  return (
    <>
      <div className="admin-head">
        <h1 className="page-title">Payment details</h1>
      </div>
      <QueryState isPending={q.isPending} error={q.error} what="Payment details" />
      {q.data && <PaymentForm key={q.dataUpdatedAt} initial={{ upi_id: q.data.upi_id ?? '', phone: q.data.phone ?? '', qrCode: q.data.qrCode ?? '' }} />}
    </>
  );
}
