/** Withdrawal and deposit rules from spec section 5 (pure). */
export interface WithdrawForm {
  userName: string;
  upi_id: string;
  phoneNumber: string;
  amount: string;
}

export const PROFILE_MISSING = 'Profile data is missing!';
export const INSUFFICIENT = 'Insufficient wallet balance!';
export const FILL_ALL = 'Please fill all fields correctly.';
export const DEPOSIT_PROFILE_MISSING = 'Profile Error: User profile is missing. Please refresh and try again!';

/** Returns the spec's message for the first failed rule, or null when the request may be sent. */
export function validateWithdraw(form: WithdrawForm, userId: string | null, balance: number | undefined): string | null {
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

/** The prefilled WhatsApp message sent after a deposit request. */
export function whatsappLink(phone: string, d: { name: string; phone: string; amount: string; utr: string }): string {
  const digits = phone.replace(/\D/g, '');
  const text = `Deposit request\nName: ${d.name}\nPhone: ${d.phone || 'N/A'}\nDeposit: ${d.amount} INR\nUTR: ${d.utr}`;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
