import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, LabelField } from '@/components/Field';
import { pointsText } from '../bids';
import { sangamNumber, type HalfForm } from '../numbers';

export interface Entry {
  number: string;
  points: string;
}

/** Sangams are typed in: an open and a close half (digit or panna), the points, Add; each added line can be removed. */
export function SangamForm({
  type,
  entries,
  onChange,
  disabled,
}: {
  type: 'half_sangam' | 'full_sangam';
  entries: Entry[];
  onChange: (e: Entry[]) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('matka');
  const [form, setForm] = useState<HalfForm>('open_digit');
  const [open, setOpen] = useState('');
  const [close, setClose] = useState('');
  const [points, setPoints] = useState('');
  const [problem, setProblem] = useState('');
  const full = type === 'full_sangam';
  const openIsDigit = !full && form === 'open_digit';
  const closeIsDigit = !full && form === 'open_panna';

  const add = (e: FormEvent) => {
    e.preventDefault();
    const r = sangamNumber(type, form, open, close);
    if (!r.ok) return setProblem(r.message);
    if (!points) return setProblem(t('sangam.enterPoints'));
    if (entries.some((x) => x.number === r.number)) return setProblem(t('sangam.already', { number: r.number }));
    setProblem('');
    onChange([...entries, { number: r.number, points }]);
    setOpen('');
    setClose('');
  };

  return (
    <div className="mk-sangam">
      {!full && (
        <div className="tabs mk-half-forms" role="radiogroup" aria-label={t('sangam.halfSangam')}>
          <button
            type="button"
            role="radio"
            aria-checked={form === 'open_digit'}
            className={form === 'open_digit' ? 'active' : ''}
            onClick={() => setForm('open_digit')}
          >
            {t('sangam.openDigitClosePanna')}
          </button>
          <button
            type="button"
            role="radio"
            aria-checked={form === 'open_panna'}
            className={form === 'open_panna' ? 'active' : ''}
            onClick={() => setForm('open_panna')}
          >
            {t('sangam.openPannaCloseDigit')}
          </button>
        </div>
      )}
      <form className="mk-sangam-form" onSubmit={add}>
        <LabelField
          label={openIsDigit ? t('sangam.openDigit') : t('sangam.openPanna')}
          inputMode="numeric"
          maxLength={openIsDigit ? 1 : 3}
          value={open}
          onChange={(e) => setOpen(e.target.value.replace(/\D/g, ''))}
          disabled={disabled}
          data-testid="matka-sangam-open"
        />
        <LabelField
          label={closeIsDigit ? t('sangam.closeDigit') : t('sangam.closePanna')}
          inputMode="numeric"
          maxLength={closeIsDigit ? 1 : 3}
          value={close}
          onChange={(e) => setClose(e.target.value.replace(/\D/g, ''))}
          disabled={disabled}
          data-testid="matka-sangam-close"
        />
        <LabelField
          label={t('sangam.points')}
          inputMode="numeric"
          value={points}
          onChange={(e) => setPoints(pointsText(e.target.value))}
          disabled={disabled}
          data-testid="matka-sangam-points"
        />
        <button type="submit" className="btn btn-outline" disabled={disabled} data-testid="matka-sangam-add">
          {t('sangam.add')}
        </button>
      </form>
      <FormError error={problem} />
      <ul className="mk-sangam-list">
        {entries.map((x) => (
          <li key={x.number}>
            <b className="mono">{x.number}</b>
            <span>{t('sangam.linePoints', { points: x.points })}</span>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('sangam.remove', { number: x.number })}
              disabled={disabled}
              onClick={() => onChange(entries.filter((y) => y.number !== x.number))}
            >
              ×
            </button>
          </li>
        ))}
        {entries.length === 0 && <li className="muted">{t('sangam.hint')}</li>}
      </ul>
    </div>
  );
}
