import { useState, type FormEvent } from 'react';
import { errorMessage, isNetworkError } from '@/lib/api-client';
import { requestResetCode, resetPassword } from '../api/forgot-password';
import { isResetIdentifierValid, isResetValid } from '../validation';
import { AuthCard } from './AuthCard';
import { PasswordInput } from './PasswordInput';

const NEUTRAL = 'If this account exists, a one-time reset code has been issued. Ask support or your operator for it.';
const SUCCESS = 'Password reset successful! You can now log in with the new password.';
const NETWORK = 'Error connecting to server. Try again later.';

/** One-time-code reset: 1) phone or user number → code issued; 2) code + new password. */
export function ForgotPassword({ onBack }: { onBack: () => void }) {
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [identifier, setIdentifier] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [info, setInfo] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function onRequest(e: FormEvent) {
    e.preventDefault();
    if (!isResetIdentifierValid(identifier) || busy) return;
    setBusy(true);
    setError('');
    try {
      const res = await requestResetCode(identifier);
      setInfo(res.message || NEUTRAL);
      setStep(2);
    } catch (err) {
      setError(isNetworkError(err) ? NETWORK : errorMessage(err, 'Password reset failed. Try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function onReset(e: FormEvent) {
    e.preventDefault();
    if (!isResetValid({ code, newPassword }) || busy) return;
    setBusy(true);
    setError('');
    try {
      const res = await resetPassword(identifier, code, newPassword);
      if (res.success === false) {
        setError(res.message || 'Password reset failed. Try again.');
      } else {
        setInfo(SUCCESS);
        setStep(3);
      }
    } catch (err) {
      setError(isNetworkError(err) ? NETWORK : errorMessage(err, 'Password reset failed. Try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Reset Password">
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {info && <p className="form-info">{info}</p>}
      {step === 1 && (
        <form className="form" onSubmit={onRequest}>
          <div className="field">
            <label htmlFor="reset-id">Phone or User Number</label>
            <input id="reset-id" inputMode="numeric" value={identifier} onChange={(e) => setIdentifier(e.target.value)} required />
          </div>
          <button className="btn btn-primary btn-block" type="submit" disabled={!isResetIdentifierValid(identifier) || busy}>
            {busy ? 'Sending...' : 'Get Reset Code'}
          </button>
        </form>
      )}
      {step === 2 && (
        <form className="form" onSubmit={onReset}>
          <div className="field">
            <label htmlFor="reset-code">One-time Code</label>
            <input id="reset-code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} required />
          </div>
          <PasswordInput id="reset-password" label="New Password" value={newPassword} onChange={setNewPassword} autoComplete="new-password" minLength={6} />
          <button className="btn btn-primary btn-block" type="submit" disabled={!isResetValid({ code, newPassword }) || busy}>
            {busy ? 'Resetting...' : 'Reset Password'}
          </button>
        </form>
      )}
      <button type="button" className="link-btn" onClick={onBack}>
        Back to Login
      </button>
    </AuthCard>
  );
}
