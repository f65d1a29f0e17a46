import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, LabelField } from '@/components/Field';
import { pointsText } from '../bids';
import { sangamNumber, type HalfForm } from '../numbers';
import { Tabs } from '@/components/Tabs';

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
  // The two halves, typed as digits only: each a digit or a panna as the half form says.
  const halves = [
    {
      id: 'open',
      digit: openIsDigit,
      label: openIsDigit ? t('sangam.openDigit') : t('sangam.openPanna'),
      value: open,
      set: setOpen,
    },
    {
      id: 'close',
      digit: closeIsDigit,
      label: closeIsDigit ? t('sangam.closeDigit') : t('sangam.closePanna'),
      value: close,
      set: setClose,
    },
  ];

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
        <Tabs
          role="radio"
          label={t('sangam.halfSangam')}
          className="mk-half-forms"
          options={[
            { id: 'open_digit', label: t('sangam.openDigitClosePanna') },
            { id: 'open_panna', label: t('sangam.openPannaCloseDigit') },
          ]}
          value={form}
          onChange={setForm}
        />
      )}
      <form className="mk-sangam-form" onSubmit={add}>
        {halves.map((h) => (
          <LabelField
            key={h.id}
            label={h.label}
            inputMode="numeric"
            maxLength={h.digit ? 1 : 3}
            value={h.value}
            onChange={(e) => h.set(e.target.value.replace(/\D/g, ''))}
            disabled={disabled}
            data-testid={`matka-sangam-${h.id}`}
          />
        ))}
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
