/**
 * UPI deposits by QR code and app link (pure). The player pays the operator's UPI ID the amount they typed, with a
 * note (`tn`) that ties the payment to their deposit request; any UPI app (PhonePe, GPay, Paytm, BHIM…) reads the
 * `upi://pay?…` link, from the QR code or from a tap on a phone.
 */

/** `pn` when the operator has not set a display name. */
export const DEFAULT_PAYEE = 'Casino';

/** A deposit amount as typed: rupees above 0 with at most 2 decimals ("500", "99.5", "1200.75"). */
export function isDepositAmount(input: string): boolean {
  const s = input.trim();
  return /^\d+(\.\d{1,2})?$/.test(s) && Number(s) > 0 && Number.isFinite(Number(s));
}

/** The amount as UPI wants it, with exactly 2 decimals ("500" → "500.00"); null when it is not a valid amount. */
export function upiAmount(input: string): string | null {
  return isDepositAmount(input) ? Number(input.trim()).toFixed(2) : null;
}

export interface UpiPayment {
  /** The payee's UPI ID (`pa`), e.g. `royalplay@upi`. */
  upiId: string;
  /** The payee's display name (`pn`); blank → "Casino". */
  payeeName?: string | null;
  /** The amount as typed; it must pass `isDepositAmount`. */
  amount: string;
  /** The payment note (`tn`): the deposit's reference. */
  reference: string;
}

/**
 * `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…`, each value URL-encoded; null without a UPI ID or a valid amount (then
 * there is nothing to pay yet).
 */
export function upiPayLink(p: UpiPayment): string | null {
  const upiId = p.upiId.trim();
  const am = upiAmount(p.amount);
  if (!upiId || am === null) return null;
  const pn = p.payeeName?.trim() || DEFAULT_PAYEE;
  const e = encodeURIComponent;
  return `upi://pay?pa=${e(upiId)}&pn=${e(pn)}&am=${e(am)}&cu=INR&tn=${e(p.reference)}`;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `n` random uppercase letters and digits, each equally likely (bytes past the last whole alphabet are drawn again). */
export function randomCode(
  n: number,
  fill: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const limit = 256 - (256 % ALPHABET.length); // 252: 7 whole alphabets
  let out = '';
  while (out.length < n) {
    for (const byte of fill(new Uint8Array(n * 2))) {
      if (byte < limit) out += ALPHABET[byte % ALPHABET.length];
      if (out.length === n) break;
    }
  }
  return out;
}

/**
 * A deposit's reference: `DEP` + the user number (or id) + `-` + 6 random uppercase letters/digits, e.g.
 * `DEP100007-K3X9QZ`. Only letters and digits of the user part are kept, so the note reads the same in every app.
 */
export function depositReference(
  user: string | number | null | undefined,
  fill?: (bytes: Uint8Array) => Uint8Array,
): string {
  const who = String(user ?? '').replace(/[^A-Za-z0-9]/g, '');
  return `DEP${who}-${randomCode(6, fill)}`;
}
