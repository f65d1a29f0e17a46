/**
 * Real mode's sign-up fields: the date of birth (old enough, checked as the server checks) and the region declared.
 * Neither carries the browser's own constraints (`required`, `max`): those would stop the submit with the browser's
 * words, where the form says what is wrong in the player's language.
 */
import { useTranslation } from 'react-i18next';
import { Field, InputField } from '@/components/Field';
import type { Region, RealMoney } from '@/lib/platform';
import type { BirthDateProblem } from '../birth-date';

export interface RealValues {
  dateOfBirth: string;
  region: string;
}

interface Props {
  realMoney: RealMoney;
  values: RealValues;
  onChange: (v: RealValues) => void;
  /** What is wrong, once it should be said (after leaving the field or a submit). */
  dobProblem: BirthDateProblem | null;
  regionMissing: boolean;
  onDobBlur: () => void;
}

/** Indian states and union territories first (ISO 3166-2:IN codes), then countries, each as the server orders them. */
function groups(regions: Region[]): { key: 'states' | 'countries'; regions: Region[] }[] {
  const states = regions.filter((r) => r.code.startsWith('IN-'));
  const countries = regions.filter((r) => !r.code.startsWith('IN-'));
  return [
    { key: 'states' as const, regions: states },
    { key: 'countries' as const, regions: countries },
  ].filter((g) => g.regions.length > 0);
}

export function RealSignupFields({ realMoney, values, onChange, dobProblem, regionMissing, onDobBlur }: Props) {
  const { t } = useTranslation('auth');
  const { minAge } = realMoney;
  return (
    <>
      <InputField
        id="signup-dob"
        label={t('signup.dob')}
        type="date"
        autoComplete="bday"
        value={values.dateOfBirth}
        onChange={(e) => onChange({ ...values, dateOfBirth: e.target.value })}
        onBlur={onDobBlur}
        aria-invalid={!!dobProblem}
        error={dobProblem ? t(`signup.dobProblem.${dobProblem}`, { minAge }) : undefined}
        after={<small className="hint">{t('signup.dobHint', { minAge })}</small>}
      />
      <Field
        id="signup-region"
        label={t('signup.region')}
        after={
          <>
            <small className="hint">{t('signup.regionHint')}</small>
            {regionMissing && (
              <p id="signup-region-error" className="form-error" role="alert">
                {t('signup.regionMissing')}
              </p>
            )}
          </>
        }
      >
        <select
          id="signup-region"
          value={values.region}
          onChange={(e) => onChange({ ...values, region: e.target.value })}
          aria-invalid={regionMissing}
          aria-describedby={regionMissing ? 'signup-region-error' : undefined}
        >
          <option value="">{t('signup.regionChoose')}</option>
          {groups(realMoney.regions).map((g) => (
            <optgroup key={g.key} label={t(`signup.regionGroups.${g.key}`)}>
              {g.regions.map((r) => (
                // A region the operator does not allow is listed, marked and cannot be chosen.
                <option key={r.code} value={r.code} disabled={!r.allowed}>
                  {r.allowed ? r.name : t('signup.regionNotOffered', { name: r.name })}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </Field>
    </>
  );
}
