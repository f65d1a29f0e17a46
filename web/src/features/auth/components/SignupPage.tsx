import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError, InputField } from '@/components/Field';
import { errorMessage, isNetworkError } from '@/lib/api-client';
import { usePlatform } from '@/lib/platform';
import { storeUserNo } from '@/lib/storage';
import { signup } from '../api/signup';
import { birthDateProblem, istToday } from '../birth-date';
import { isSignupValid } from '../validation';
import { AuthCard } from './AuthCard';
import { PasswordInput } from './PasswordInput';
import { RealSignupFields, type RealValues } from './RealSignupFields';

export function SignupPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', phone: '', password: '' });
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  const [busy, setBusy] = useState(false);
  // Real mode: the date of birth and the region, said wrong once the player has left the date or tried to sign up.
  const { realMoney } = usePlatform();
  const [real, setReal] = useState<RealValues>({ dateOfBirth: '', region: '' });
  const [checkDob, setCheckDob] = useState(false);
  const [checkRegion, setCheckRegion] = useState(false);
  const today = istToday(new Date());
  const dobProblem = realMoney ? birthDateProblem(real.dateOfBirth, realMoney.minAge, today) : null;
  const regionMissing = !!realMoney && real.region === '';
  const valid = isSignupValid(form);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!valid || busy) return;
    if (realMoney && (dobProblem || regionMissing)) {
      setCheckDob(true);
      setCheckRegion(true);
      return;
    }
    setBusy(true);
    setError('');
    try {
      const res = await signup(form.name, form.phone, form.password, realMoney ? real : undefined);
      storeUserNo(res.userNo ?? form.phone.trim());
      setSuccess(t('signup.success'));
      setTimeout(() => navigate('/login', { replace: true }), 800);
    } catch (err) {
      setError(isNetworkError(err) ? t('signup.networkError') : errorMessage(err, t('signup.failed')));
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('signup.title')}>
      <FormError error={error} />
      {success && (
        <p className="form-success" role="status">
          {success}
        </p>
      )}
      <form className="form" onSubmit={onSubmit}>
        <InputField
          id="signup-name"
          label={t('signup.name')}
          autoComplete="name"
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          required
          after={<small className="hint">{t('signup.nameHint')}</small>}
        />
        <InputField
          id="signup-phone"
          label={t('signup.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={form.phone}
          onChange={(e) => setForm({ ...form, phone: e.target.value })}
          required
        />
        <PasswordInput
          id="signup-password"
          label={t('signup.password')}
          value={form.password}
          onChange={(v) => setForm({ ...form, password: v })}
          autoComplete="new-password"
          minLength={5}
        />
        {realMoney && (
          <RealSignupFields
            realMoney={realMoney}
            values={real}
            onChange={setReal}
            dobProblem={checkDob ? dobProblem : null}
            regionMissing={checkRegion && regionMissing}
            onDobBlur={() => setCheckDob(real.dateOfBirth !== '')}
          />
        )}
        <button className="btn btn-primary btn-block" type="submit" disabled={!valid || busy}>
          {busy ? t('signup.busy') : t('signup.submit')}
        </button>
      </form>
      <p className="auth-alt">
        <Link to="/login">{t('signup.haveAccount')}</Link>
      </p>
    </AuthCard>
  );
}
