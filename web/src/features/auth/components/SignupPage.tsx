import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage, isNetworkError } from '@/lib/api-client';
import { storeUserNo } from '@/lib/storage';
import { signup } from '../api/signup';
import { isSignupValid } from '../validation';
import { AuthCard } from './AuthCard';
import { PasswordInput } from './PasswordInput';

export function SignupPage() {
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
      setSuccess(res.message || 'User registered successfully!');
      setTimeout(() => navigate('/login', { replace: true }), 800);
    } catch (err) {
      setError(isNetworkError(err) ? 'An error occurred. Please try again.' : errorMessage(err, 'Failed to register user'));
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Create Account">
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {success && (
        <p className="form-success" role="status">
          {success}
        </p>
      )}
      <form className="form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="signup-name">Name</label>
          <input id="signup-name" autoComplete="name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required />
          <small className="hint">Letters and spaces, at least 4 characters</small>
        </div>
        <div className="field">
          <label htmlFor="signup-phone">Phone</label>
          <input id="signup-phone" type="tel" inputMode="tel" autoComplete="tel" value={form.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} required />
        </div>
        <PasswordInput id="signup-password" label="Password" value={form.password} onChange={(v) => setForm({ ...form, password: v })} autoComplete="new-password" minLength={5} />
        <button className="btn btn-primary btn-block" type="submit" disabled={!valid || busy}>
          {busy ? 'Signing up...' : 'Sign Up'}
        </button>
      </form>
      <p className="auth-alt">
        <Link to="/login">Have an account? Login</Link>
      </p>
    </AuthCard>
  );
}
