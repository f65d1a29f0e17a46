import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError, InputField } from '@/components/Field';
import { errorMessage, isNetworkError } from '@/lib/api-client';
import { storeUserNo } from '@/lib/storage';
import { signup } from '../api/signup';
import { isSignupValid } from '../validation';
import { AuthCard } from './AuthCard';
import { PasswordInput } from './PasswordInput';

export function SignupPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', phone: '', password: '' });
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = isSignupValid(form);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError('');
    try {
      const res = await signup(form.name, form.phone, form.password);
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
