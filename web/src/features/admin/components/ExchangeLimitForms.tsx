/**
 * The exchange's liability limits: a type's default changed, one market's limits set, either removed. Each checks
 * what the server checks first, shows the server's refusal in place, and refetches the limits after the answer.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInr } from '@/lib/money';
import {
  exchangeKeys,
  removeExchangeLimits,
  saveExchangeLimits,
  type ExchangeLimit,
  type ExchangeLimitBody,
  type ExchangeMarketType,
} from '../api/exchange-risk';
import { amountText, limitsBody, MARKET_TYPES, sameLimits, typeLabel, type LimitsForm } from '../exchange-limits';
import { useChange } from '../hooks/use-change';
import { AdminForm } from './AdminForm';
import { FormError } from '@/components/Field';
import { Field, InputField } from '@/components/Field';

/** This form's changes refresh the screen's list. */
function useLimitsMutation<V>(fn: (v: V) => Promise<unknown>, done: string, onDone?: () => void) {
  return useChange(fn, done, exchangeKeys.limits(), onDone);
}

/** The form's amounts: the market's limit, then one player's. */
const AMOUNT_KEYS = ['market', 'player'] as const;

/** The two amount fields; `current`: the limits in force, shown under each. */
function AmountFields({
  idPrefix,
  form,
  onChange,
  current,
}: {
  idPrefix: string;
  form: LimitsForm;
  onChange: (f: LimitsForm) => void;
  current?: ExchangeLimit;
}) {
  const { t } = useTranslation('adminExchange');
  return (
    <>
      {AMOUNT_KEYS.map((key) => (
        <InputField
          key={key}
          id={`${idPrefix}-${key}`}
          label={
            <>
              {t(`field.${key}`)} <span className="muted small">(₹)</span>
            </>
          }
          inputMode="decimal"
          autoComplete="off"
          value={form[key]}
          onChange={(e) => onChange({ ...form, [key]: e.target.value })}
          after={
            current && (
              <span className="hint" data-testid={`${idPrefix}-${key}-current`}>
                {t('admin:common.inForce', {
                  value: formatInr(key === 'market' ? current.maxLiability : current.maxPlayerLiability),
                })}
              </span>
            )
          }
        />
      ))}
    </>
  );
}

/** A market type's default limits: the two amounts, Save. */
export function DefaultLimitsForm({ row, onClose }: { row: ExchangeLimit; onClose: () => void }) {
  const { t } = useTranslation('adminExchange');
  const type = typeLabel(row.marketType);
  const [form, setForm] = useState<LimitsForm>({
    marketType: row.marketType,
    marketId: '',
    market: amountText(row.maxLiability),
    player: amountText(row.maxPlayerLiability),
  });
  const [problem, setProblem] = useState('');
  const { m, error } = useLimitsMutation(
    (b: ExchangeLimitBody) => saveExchangeLimits(b),
    t('limits.saved', { type }),
    onClose,
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = limitsBody(form, false);
    if ('error' in r) return setProblem(r.error);
    if (row.updatedAt !== null && sameLimits(r.body, row)) return setProblem(t('admin:common.nothingChanged'));
    setProblem('');
    m.mutate(r.body);
  };
  const id = `limits-${row.marketType}`;
  return (
    <AdminForm
      label={t('limits.formLabel', { type })}
      title={t('limits.editTitle', { type })}
      testId={`${id}-form`}
      onSubmit={submit}
      problem={problem || error}
      pending={m.isPending}
      submit={t('limits.save')}
      submitting={t('admin:common.saving')}
      onCancel={onClose}
    >
      <div className="settings-grid">
        <AmountFields idPrefix={id} form={form} onChange={setForm} current={row} />
      </div>
      <p className="hint">{t('limits.editHint', { type })}</p>
    </AdminForm>
  );
}

const EMPTY: LimitsForm = { marketType: 'exchange', marketId: '', market: '', player: '' };

/** One market's own limits: its type, its id and the two amounts. A market that already has its own is replaced. */
export function MarketLimitsForm() {
  const { t } = useTranslation('adminExchange');
  const [form, setForm] = useState<LimitsForm>(EMPTY);
  const [problem, setProblem] = useState('');
  const { m, error } = useLimitsMutation(
    (b: ExchangeLimitBody) => saveExchangeLimits(b),
    t('markets.saved'),
    () => setForm((f) => ({ ...EMPTY, marketType: f.marketType })),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = limitsBody(form, true);
    if ('error' in r) return setProblem(r.error);
    setProblem('');
    m.mutate(r.body);
  };
  return (
    <AdminForm
      label={t('markets.addTitle')}
      title={t('markets.addTitle')}
      testId="market-limits-form"
      onSubmit={submit}
      problem={problem || error}
      pending={m.isPending}
      submit={t('markets.add')}
      submitting={t('admin:common.saving')}
    >
      <div className="settings-grid">
        <Field id="market-limits-type" label={t('markets.type')}>
          <select
            id="market-limits-type"
            value={form.marketType}
            onChange={(e) => setForm({ ...form, marketType: e.target.value as ExchangeMarketType })}
          >
            {MARKET_TYPES.map((mt) => (
              <option key={mt} value={mt}>
                {typeLabel(mt)}
              </option>
            ))}
          </select>
        </Field>
        <InputField
          id="market-limits-id"
          label={t('markets.marketId')}
          className="mono"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={form.marketId}
          placeholder={t(`idExample.${form.marketType}`)}
          onChange={(e) => setForm({ ...form, marketId: e.target.value })}
        />
        <AmountFields idPrefix="market-limits" form={form} onChange={setForm} />
      </div>
      <p className="hint">{t('markets.addHint', { example: t(`idExample.${form.marketType}`) })}</p>
    </AdminForm>
  );
}

/**
 * A row's buttons: Edit (a type's default, when `onEdit`), and Remove: one market's limits (it falls back to its
 * type's default) or a type's default set by an operator (back to the built-in one). A refusal shows under them.
 */
export function LimitActions({
  row,
  onEdit,
  editing = false,
}: {
  row: ExchangeLimit;
  onEdit?: () => void;
  editing?: boolean;
}) {
  const { t } = useTranslation('adminExchange');
  const type = typeLabel(row.marketType);
  const isMarket = row.marketId !== '';
  const canRemove = isMarket || row.updatedAt !== null;
  const done = isMarket ? t('markets.removed', { market: row.marketId }) : t('limits.reset', { type });
  const { m, error } = useLimitsMutation(() => removeExchangeLimits(row.marketType, row.marketId || undefined), done);
  return (
    <div className="decision">
      <div className="decision-buttons">
        {onEdit && (
          <button
            type="button"
            className="btn btn-small btn-outline"
            onClick={onEdit}
            aria-pressed={editing}
            aria-label={t('limits.editLabel', { type })}
          >
            {t('limits.edit')}
          </button>
        )}
        {canRemove && (
          <button
            type="button"
            className="btn btn-small btn-outline"
            disabled={m.isPending}
            onClick={() => m.mutate(undefined)}
            aria-label={
              isMarket ? t('markets.removeLabel', { market: row.marketId }) : t('limits.resetLabel', { type })
            }
          >
            {m.isPending ? t('markets.removing') : isMarket ? t('markets.remove') : t('limits.resetShort')}
          </button>
        )}
      </div>
      <FormError error={error} className="decision-error" />
    </div>
  );
}
