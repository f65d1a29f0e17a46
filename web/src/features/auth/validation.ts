/** Sign-up and reset rules from spec section 5 (pure, unit-tested). */
export interface SignupForm {
  name: string;
  phone: string;
  password: string;
}

const NAME_RE = /^[A-Za-z ]+$/;

export function isSignupValid(f: SignupForm): boolean {
  return NAME_RE.test(f.name) && f.name.length >= 4 && f.password.length >= 5 && f.phone.trim() !== '';
}

/** Step 1 of the one-time-code reset: a phone number or user number. */
export function isResetIdentifierValid(identifier: string): boolean {
  return /^[0-9]{3,15}$/.test(identifier.trim());
}

export interface ResetForm {
  code: string;
  newPassword: string;
}

export function isResetValid(f: ResetForm): boolean {
  return f.code.trim() !== '' && f.newPassword.length >= 6;
}

export function isLoginValid(userNo: string, password: string): boolean {
  return userNo.trim() !== '' && password !== '';
}
