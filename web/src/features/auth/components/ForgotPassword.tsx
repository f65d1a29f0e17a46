import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, InputField } from '@/components/Field';
import { errorMessage, isNetworkError } from '@/lib/api-client';
import { requestResetCode, resetPassword } from '../api/forgot-password';
import { isResetIdentifierValid, isResetValid } from '../validation';
import { AuthCard } from './AuthCard';
import { PasswordInput } from './PasswordInput';

/** One-time-code reset: 1) phone or user number → code issued; 2) code + new password. */
export function ForgotPassword({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('auth');
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
      await requestResetCode(identifier);
      // The answer is the same whether or not the account exists: say so in the player's language.
      setInfo(t('reset.neutral'));
      setStep(2);
    } catch (err) {
      setError(isNetworkError(err) ? t('reset.network') : errorMessage(err, t('reset.failed')));
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
        setError(t('reset.failed'));
      } else {
        setInfo(t('reset.success'));
        setStep(3);
      }
    } catch (err) {
      setError(isNetworkError(err) ? t('reset.network') : errorMessage(err, t('reset.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('reset.title')}>
      <FormError error={error} />
      {info && <p className="form-info">{info}</p>}
      {step === 1 && (
        <form className="form" onSubmit={onRequest}>
          <InputField
            id="reset-id"
            label={t('reset.identifier')}
            inputMode="numeric"
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
            required
          />
          <button
            className="btn btn-primary btn-block"
            type="submit"
            disabled={!isResetIdentifierValid(identifier) || busy}
          >
            {busy ? t('reset.sending') : t('reset.getCode')}
          </button>
        </form>
      )}
      {step === 2 && (
        <form className="form" onSubmit={onReset}>
          <InputField
            id="reset-code"
            label={t('reset.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
          />
          <PasswordInput
            id="reset-password"
            label={t('reset.newPassword')}
            value={newPassword}
            onChange={setNewPassword}
            autoComplete="new-password"
            minLength={6}
          />
          <button
            className="btn btn-primary btn-block"
            type="submit"
            disabled={!isResetValid({ code, newPassword }) || busy}
          >
            {busy ? t('reset.resetting') : t('reset.submit')}
          </button>
        </form>
      )}
      <button type="button" className="link-btn" onClick={onBack}>
        {t('reset.back')}
      </button>
    </AuthCard>
  );
}
