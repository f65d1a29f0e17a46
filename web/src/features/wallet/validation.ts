/** Withdrawal and deposit rules from spec section 5 (pure). */
import i18n from '@/i18n';

export interface WithdrawForm {
  userName: string;
  upi_id: string;
  phoneNumber: string;
  amount: string;
}

/** The rules' messages are keys of the `wallet` namespace: show them with `t(problem)` (useTranslation('wallet')). */
export const PROFILE_MISSING = 'validation.profileMissing';
export const INSUFFICIENT = 'validation.insufficient';
export const FILL_ALL = 'validation.fillAll';
export const DEPOSIT_PROFILE_MISSING = 'validation.depositProfileMissing';

/** Returns the key of the spec's message for the first failed rule, or null when the request may be sent. */
export function validateWithdraw(
  form: WithdrawForm,
  userId: string | null,
  balance: number | undefined,
): string | null {
  const amount = Number(form.amount);
  if (!form.userName.trim() || !form.upi_id.trim() || !form.phoneNumber.trim() || !form.amount.trim()) return FILL_ALL;
  if (!Number.isFinite(amount) || amount <= 0 || !/^\d+(\.\d{1,2})?$/.test(form.amount.trim())) return FILL_ALL;
  // The spec counts a zero balance as missing profile data.
  if (!userId || !balance) return PROFILE_MISSING;
  if (amount > balance) return INSUFFICIENT;
  return null;
}

/** Class name for a request status: Approved, Rejected, anything else pending. */
export function statusClass(status: string): 'approved' | 'rejected' | 'pending' {
  if (status === 'Approved') return 'approved';
  if (status === 'Rejected') return 'rejected';
  return 'pending';
}

/** The prefilled WhatsApp message sent after a deposit request (in the player's language), with its payment reference. */
export function whatsappLink(
  phone: string,
  d: { name: string; phone: string; amount: string; utr: string; reference?: string },
): string {
  const digits = phone.replace(/\D/g, '');
  const lines = [
    i18n.t('wallet:whatsapp.message', {
      name: d.name,
      phone: d.phone || i18n.t('wallet:whatsapp.noPhone'),
      amount: d.amount,
      utr: d.utr,
    }),
  ];
  if (d.reference) lines.push(i18n.t('wallet:whatsapp.reference', { reference: d.reference }));
  return `https://wa.me/${digits}?text=${encodeURIComponent(lines.join('\n'))}`;
}

/** A money amount typed in rupees (at least ₹1, to the paisa). */
export const AMOUNT_INPUT = { type: 'number', inputMode: 'decimal', min: '1', step: '0.01' } as const;
