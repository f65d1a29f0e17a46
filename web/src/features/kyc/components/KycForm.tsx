/** The identity details and document images, checked as the server checks them before they are sent. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormError, InputField } from '@/components/Field';
import { errorMessage } from '@/lib/api-client';
import { useSubmitKyc } from '../api/submit-kyc';
import { ID_TYPES } from '../api/types';
import {
  ACCEPT_IMAGES,
  formatBytes,
  imageFileProblem,
  isIdType,
  kycFormProblems,
  MAX_IMAGE_BYTES,
  normaliseIdNumber,
  type KycField,
  type KycProblems,
} from '../files';

function FileField({
  id,
  label,
  file,
  error,
  onFile,
}: {
  id: KycField;
  label: string;
  file: File | null;
  error: string | undefined;
  onFile: (f: File | null) => void;
}) {
  const { t } = useTranslation('kyc');
  const errorId = `kyc-${id}-error`;
  return (
    <Field
      id={`kyc-${id}`}
      label={label}
      after={
        <>
          {file && !error && (
            <small className="hint" data-testid={`kyc-${id}-chosen`}>
              {t('form.chosen', { name: file.name, size: formatBytes(file.size) })}
            </small>
          )}
          {error && (
            <p id={errorId} className="form-error" role="alert">
              {error}
            </p>
          )}
        </>
      }
    >
      <input
        id={`kyc-${id}`}
        type="file"
        accept={ACCEPT_IMAGES}
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
    </Field>
  );
}

export function KycForm() {
  const { t } = useTranslation('kyc');
  const submit = useSubmitKyc();
  const [fullName, setFullName] = useState('');
  const [idType, setIdType] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [problems, setProblems] = useState<KycProblems>({});
  const text = (key: string | undefined) =>
    key ? t(`problem.${key}`, { max: formatBytes(MAX_IMAGE_BYTES) }) : undefined;

  // An image is checked as soon as it is chosen: a wrong one is said at once, not after filling in the rest.
  const pick = (field: 'front' | 'back', set: (f: File | null) => void) => (f: File | null) => {
    set(f);
    const p = f ? imageFileProblem(f) : null;
    setProblems((prev) => ({ ...prev, [field]: p ? `file.${p}` : undefined }));
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (submit.isPending) return;
    const found = kycFormProblems({ fullName, idType, idNumber, front, back });
    setProblems(found);
    if (Object.keys(found).length > 0 || !front || !isIdType(idType)) return;
    submit.mutate({ fullName, idType, idNumber: normaliseIdNumber(idNumber), front, back });
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="kyc-form">
      <InputField
        id="kyc-fullName"
        label={t('form.fullName')}
        autoComplete="name"
        value={fullName}
        onChange={(e) => setFullName(e.target.value)}
        maxLength={64}
        aria-invalid={!!problems.fullName}
        error={text(problems.fullName)}
        after={<small className="hint">{t('form.fullNameHint')}</small>}
      />
      <Field
        id="kyc-idType"
        label={t('form.idType')}
        after={problems.idType && <FormError error={text(problems.idType)} />}
      >
        <select
          id="kyc-idType"
          value={idType}
          onChange={(e) => setIdType(e.target.value)}
          aria-invalid={!!problems.idType}
        >
          <option value="">{t('form.idTypeChoose')}</option>
          {ID_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`idType.${type}`)}
            </option>
          ))}
        </select>
      </Field>
      <InputField
        id="kyc-idNumber"
        label={t('form.idNumber')}
        autoComplete="off"
        value={idNumber}
        onChange={(e) => setIdNumber(e.target.value)}
        aria-invalid={!!problems.idNumber}
        error={text(problems.idNumber)}
      />
      <p className="hint">{t('form.imagesHint', { max: formatBytes(MAX_IMAGE_BYTES) })}</p>
      <FileField
        id="front"
        label={t('form.front')}
        file={front}
        error={text(problems.front)}
        onFile={pick('front', setFront)}
      />
      <FileField
        id="back"
        label={t('form.back')}
        file={back}
        error={text(problems.back)}
        onFile={pick('back', setBack)}
      />
      <FormError error={submit.isError ? errorMessage(submit.error, t('form.failed')) : null} />
      <button type="submit" className="btn btn-primary btn-block" disabled={submit.isPending}>
        {submit.isPending ? t('form.submitting') : t('form.submit')}
      </button>
    </form>
  );
}
