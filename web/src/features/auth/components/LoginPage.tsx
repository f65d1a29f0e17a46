import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormError, InputField } from '@/components/Field';
import { errorMessage } from '@/lib/api-client';
import { setLanguage } from '@/i18n';
import { accountLanguage, meQueryKey } from '@/lib/auth';
import { getStoredUserNo } from '@/lib/storage';
import { login } from '../api/login';
import { lookupUserNo } from '../api/lookup-user-no';
import { returnTo } from '../return-to';
import { isLoginValid } from '../validation';
import { AuthCard } from './AuthCard';
import { ForgotPassword } from './ForgotPassword';
import { PasswordInput } from './PasswordInput';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const back = returnTo(useLocation().state);
  const queryClient = useQueryClient();
  const [userNo, setUserNo] = useState(() => getStoredUserNo() ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);

  // The stored value may be the phone used at sign-up: resolve it to the user number.
  useEffect(() => {
    const stored = getStoredUserNo();
    if (!stored) return;
    let live = true;
    lookupUserNo(stored)
      .then((res) => {
        if (live && res.success && res.userNo !== undefined) setUserNo(String(res.userNo));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!isLoginValid(userNo, password) || busy) return;
    setBusy(true);
    setError('');
    try {
      const res = await login(userNo.trim(), password);
      // The session is the HttpOnly cookie the response set; the token in the body is for tools and is dropped.
      queryClient.setQueryData(meQueryKey, res.user);
      const language = accountLanguage(res.user);
      if (language) setLanguage(language);
      // Back to the public page that asked for the login, if one did; else operators sit at their console and
      // players go to the lobby.
      if (back)
        navigate(
          { pathname: back.pathname, search: back.search, hash: back.hash },
          { replace: true, state: back.state },
        );
      else navigate(res.user?.role === 'operator' ? '/admin' : '/', { replace: true });
    } catch (err) {
      setError(errorMessage(err, t('login.failed')));
      setBusy(false);
    }
  }

  if (forgot) return <ForgotPassword onBack={() => setForgot(false)} />;

  return (
    <AuthCard title={t('login.title')}>
      <FormError error={error} />
      <form onSubmit={onSubmit} className="form">
        <InputField
          id="login-userno"
          label={t('login.userNumber')}
          inputMode="numeric"
          value={userNo}
          onChange={(e) => setUserNo(e.target.value)}
          autoComplete="username"
          required
        />
        <PasswordInput
          id="login-password"
          label={t('login.password')}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        <button className="btn btn-primary btn-block" type="submit" disabled={!isLoginValid(userNo, password) || busy}>
          {busy ? t('login.busy') : t('login.submit')}
        </button>
      </form>
      <button type="button" className="link-btn" onClick={() => setForgot(true)}>
        {t('login.forgot')}
      </button>
      <p className="auth-alt">
        {t('login.newHere')} <Link to="/signup">{t('login.signUp')}</Link>
      </p>
    </AuthCard>
  );
}
