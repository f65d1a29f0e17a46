import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, FormResult, InputField } from '@/components/Field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useProfile, type Profile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import '../account.css';

export function ProfilePage({ userId }: { userId: string | null }) {
  const { t } = useTranslation('account');
  const { data, isLoading } = useProfile(userId);
  return (
    <div className="page">
      <h1 className="page-title">{t('profile.title')}</h1>
      {isLoading ? <p className="muted">{t('loading')}</p> : null}
      {/* The form starts from the loaded profile (a new one when it arrives). */}
      <ProfileForm key={data ? 'loaded' : 'empty'} profile={data} />
    </div>
  );
}

type Field = 'name' | 'email';

/** Which field a server refusal is about. */
function fieldOf(err: unknown): Field | null {
  const code = err instanceof ApiError ? err.code : undefined;
  if (code === 'invalid_name') return 'name';
  if (code === 'invalid_email' || code === 'email_taken') return 'email';
  return null;
}

function ProfileForm({ profile }: { profile: Profile | undefined }) {
  const { t } = useTranslation('account');
  const save = useUpdateProfile();
  const [name, setName] = useState(profile?.name ?? profile?.username ?? '');
  const [email, setEmail] = useState(profile?.email ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [saved, setSaved] = useState(false);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending || !profile) return;
    setSaved(false);
    if (!name.trim()) return setErrors({ name: t('profile.nameRequired') });
    setErrors({});
    save.mutate(
      { name: name.trim(), email: email.trim() || null },
      {
        onSuccess: (user) => {
          setName(user.name ?? name.trim());
          setEmail(user.email ?? '');
          setSaved(true);
        },
        onError: (err) => setErrors({ [fieldOf(err) ?? 'form']: errorMessage(err, t('profile.failed')) }),
      },
    );
  }

  return (
    <form className="form card" onSubmit={onSubmit} noValidate>
      <InputField
        id="pf-name"
        label={t('profile.name')}
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={!!errors.name}
        error={errors.name}
      />
      <InputField
        id="pf-email"
        label={t('profile.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-invalid={!!errors.email}
        error={errors.email}
      />
      <InputField
        id="pf-mobile"
        label={t('profile.mobile')}
        readOnly
        value={profile?.phone || t('profile.mobileNone')}
      />
      <FormError error={errors.form} />
      <FormResult result={saved ? { ok: true, text: t('profile.saved') } : null} />
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={save.isPending || !profile}
        data-testid="profile-save"
      >
        {save.isPending ? t('profile.saving') : t('profile.save')}
      </button>
    </form>
  );
}
