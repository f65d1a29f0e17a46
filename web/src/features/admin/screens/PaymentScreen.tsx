/**
 * The payment details players see when they deposit: UPI handle, payee name (what UPI apps show for the payee: the
 * `pn=` of the players' deposit QR), phone and a QR image (with a preview).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminErrorMessage } from '../text';
import { usePlatform } from '@/lib/platform';
import { toast } from '@/lib/toast';
import { adminKeys } from '../api/keys';
import { savePaymentDetails, usePaymentDetailsAdmin } from '../api/money';
import type { PaymentDetails } from '../api/types';
import { QueryState } from '../components/QueryState';
import { qrKind } from '../payment';
import { FormError } from '@/components/Field';
import { AdminHead } from '../components/AdminPage';
import { PlayModeNotice } from '../components/PlayModeNotice';

/** Format samples (a UPI handle, an Indian mobile number), the same in every language. */
const UPI_SAMPLE = 'name@bank';
const PHONE_SAMPLE = '91XXXXXXXXXX';

function QrPreview({ url }: { url: string }) {
  const { t } = useTranslation('adminMoney');
  const [failed, setFailed] = useState<string | null>(null);
  const kind = qrKind(url, window.location.origin);
  if (kind === 'empty') return <p className="muted small">{t('payment.noQr')}</p>;
  if (kind === 'invalid') return <p className="form-error">{t('payment.invalid')}</p>;
  if (kind === 'external') return <p className="form-info">{t('payment.external')}</p>;
  return (
    <div className="qr-preview">
      {failed === url ? (
        <p className="form-error">{t('payment.loadFailed')}</p>
      ) : (
        <img
          src={url}
          alt={t('payment.qrAlt')}
          width={160}
          height={160}
          onError={() => setFailed(url)}
          data-testid="qr-preview"
        />
      )}
    </div>
  );
}

function PaymentForm({ initial }: { initial: PaymentDetails }) {
  const { t } = useTranslation('adminMoney');
  const queryClient = useQueryClient();
  const [form, setForm] = useState<PaymentDetails>(initial);
  const [error, setError] = useState('');
  const m = useMutation({
    mutationFn: savePaymentDetails,
    onMutate: () => setError(''),
    onSuccess: () => {
      toast(t('payment.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: adminKeys.payment() });
      void queryClient.invalidateQueries({ queryKey: ['upiqr'] });
    },
    onError: (err) => setError(adminErrorMessage(err, t('admin:common.savingFailed'))),
  });
  const set = (k: keyof PaymentDetails) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.upi_id.trim()) return setError(t('payment.upiRequired'));
    m.mutate({
      upi_id: form.upi_id.trim(),
      payeeName: form.payeeName.trim(),
      phone: form.phone.trim(),
      qrCode: form.qrCode.trim(),
    });
  };
  return (
    <form className="form card admin-form" onSubmit={onSubmit}>
      <FormError error={error} />
      <div className="field">
        <label htmlFor="pay-upi">{t('payment.upiHandle')}</label>
        <input id="pay-upi" value={form.upi_id} onChange={set('upi_id')} placeholder={UPI_SAMPLE} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor="pay-payee">{t('payment.payeeName')}</label>
        <input
          id="pay-payee"
          value={form.payeeName}
          onChange={set('payeeName')}
          autoComplete="off"
          aria-describedby="pay-payee-hint"
        />
        <p id="pay-payee-hint" className="hint">
          {t('payment.payeeHint')}
        </p>
      </div>
      <div className="field">
        <label htmlFor="pay-phone">{t('payment.phone')}</label>
        <input id="pay-phone" value={form.phone} onChange={set('phone')} inputMode="tel" placeholder={PHONE_SAMPLE} />
      </div>
      <div className="field">
        <label htmlFor="pay-qr">{t('payment.qrUrl')}</label>
        <input id="pay-qr" value={form.qrCode} onChange={set('qrCode')} placeholder={t('payment.qrPlaceholder')} />
      </div>
      <QrPreview url={form.qrCode} />
      <button className="btn btn-primary" type="submit" disabled={m.isPending}>
        {m.isPending ? t('admin:common.saving') : t('payment.save')}
      </button>
    </form>
  );
}

/** In play mode players pay nothing in: a notice instead of the details. */
export default function PaymentScreen() {
  const { t } = useTranslation('adminMoney');
  return usePlatform().play ? <PlayModeNotice title={t('payment.title')} /> : <PaymentDetailsEditor />;
}

function PaymentDetailsEditor() {
  const { t } = useTranslation('adminMoney');
  const q = usePaymentDetailsAdmin();
  return (
    <>
      <AdminHead title={t('payment.title')} />
      <QueryState isPending={q.isPending} error={q.error} what={t('admin:what.paymentDetails')} />
      {q.data && (
        <PaymentForm
          key={q.dataUpdatedAt}
          initial={{
            upi_id: q.data.upi_id ?? '',
            payeeName: q.data.payeeName ?? '',
            phone: q.data.phone ?? '',
            qrCode: q.data.qrCode ?? '',
          }}
        />
      )}
    </>
  );
}
