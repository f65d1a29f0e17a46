import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/i18n/format';
import { errorMessage } from '@/lib/api-client';
import { formatInr } from '@/lib/money';
import { useSetLimit } from '../api/settings';
import { LIMIT_KINDS, type Limit } from '../api/types';
import { groupOf, leftOf, parseLimitAmount, periodOf, usedShown, waitsForRaise } from '../limits';

/** The seven limits, each with what is in force, what is used this period, a waiting change, and a form. */
export function LimitsSection({ limits }: { limits: Limit[] | undefined }) {
  const { t } = useTranslation('account');
  const byKind = new Map((limits ?? []).map((l) => [l.kind, l]));
  return (
    <section className="card acct-section" aria-labelledby="acct-limits">
      <h2 id="acct-limits">{t('limits.title')}</h2>
      <p className="note">{t('limits.explain')}</p>
      <ul className="acct-list">
        {LIMIT_KINDS.map((kind) => {
          const limit = byKind.get(kind);
          return limit ? <LimitRow key={kind} limit={limit} /> : null;
        })}
      </ul>
    </section>
  );
}

function LimitRow({ limit }: { limit: Limit }) {
  const { t } = useTranslation('account');
  const save = useSetLimit();
  const [text, setText] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const { kind } = limit;
  const amount = limit.amount ?? null;
  const pending = limit.pending ?? null;
  const group = groupOf(kind);
  const period = periodOf(kind);
  const used = usedShown(limit);
  const left = leftOf(limit);
  const at = (ms: number) => t('limits.atIst', { time: formatDateTime(ms) });
  const typed = parseLimitAmount(text);

  function send(value: number | null) {
    setResult(null);
    save.mutate(
      { kind, amount: value },
      {
        onSuccess: (settings) => {
          setText('');
          const now = settings.limits.find((l) => l.kind === kind);
          if (now?.pending) setResult({ ok: true, text: t('limits.savedLater', { at: at(now.pending.effectiveAt) }) });
          else setResult({ ok: true, text: value === null ? t('limits.removedNow') : t('limits.savedNow') });
        },
        onError: (err) => setResult({ ok: false, text: errorMessage(err, t('limits.failed')) }),
      },
    );
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending) return;
    const value = parseLimitAmount(text);
    if (value === null) return setResult({ ok: false, text: t('limits.invalidAmount') });
    send(value);
  }

  const inputId = `limit-input-${kind}`;
  return (
    <li data-testid={`limit-${kind}`}>
      <h3>{t(`limits.kinds.${kind}`)}</h3>
      <p className="acct-figures">
        <span data-testid={`limit-amount-${kind}`}>
          {amount === null ? (
            t('limits.noLimit')
          ) : (
            <>
              {t('limits.inForce')} <b>{formatInr(amount)}</b>
            </>
          )}
        </span>
        {used !== null && period && (
          <span data-testid={`limit-used-${kind}`}>
            {t(`limits.used.${group}.${period}`)} <b>{formatInr(used)}</b>
          </span>
        )}
        {left !== null && (
          <span>
            {t('limits.left')} <b>{formatInr(left)}</b>
          </span>
        )}
      </p>
      {pending && (
        <p className="acct-pending" data-testid={`limit-pending-${kind}`}>
          {pending.amount === null || pending.amount === undefined
            ? t('limits.pendingRemoval', { at: at(pending.effectiveAt) })
            : t('limits.pendingChange', { amount: formatInr(pending.amount), at: at(pending.effectiveAt) })}
        </p>
      )}
      <form className="acct-row" onSubmit={onSubmit} noValidate>
        <label className="sr-only" htmlFor={inputId}>
          {t('limits.newAmount', { limit: t(`limits.kinds.${kind}`) })}
        </label>
        <input
          id={inputId}
          className="box"
          data-testid={inputId}
          type="text"
          inputMode="decimal"
          placeholder={t('limits.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button
          type="submit"
          className="btn btn-primary btn-small"
          disabled={save.isPending}
          data-testid={`limit-save-${kind}`}
        >
          {t('limits.save')}
        </button>
        <button
          type="button"
          className="btn btn-outline btn-small"
          disabled={save.isPending || amount === null}
          data-testid={`limit-remove-${kind}`}
          onClick={() => send(null)}
        >
          {t('limits.remove')}
        </button>
      </form>
      {typed !== null && waitsForRaise(limit, typed) && <p className="hint">{t('limits.raiseWaits')}</p>}
      {result && (
        <p className={result.ok ? 'form-success' : 'form-error'} role="status" data-testid={`limit-result-${kind}`}>
          {result.text}
        </p>
      )}
    </li>
  );
}
