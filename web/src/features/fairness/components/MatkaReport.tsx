import type { MatkaChecked } from '../api/get-matka-draw';

const VERDICT = { verified: 'Verified', mismatch: 'Mismatch', pending: 'Not revealed yet' } as const;
const MARK = { verified: '✔ ', mismatch: '✘ ', pending: '… ' } as const;

/** A Matka draw's check: the verdict, the chart's result and seeds, the recomputed pannas and each step. */
export function MatkaReport({ checked }: { checked: MatkaChecked }) {
  const { input: d, verification: v } = checked;
  return (
    <section className={`card fair-report fair-${v.verdict}`} aria-label="Verification">
      <p className="fair-verdict" data-testid="fair-verdict" data-verdict={v.verdict}>
        {MARK[v.verdict]}
        {VERDICT[v.verdict]}
      </p>
      <dl className="kv fair-kv">
        <dt>Market · draw</dt>
        <dd data-testid="fair-round">
          {d.marketId} · {d.drawNo}
        </dd>
        <dt>Commitment</dt>
        <dd className="mono" data-testid="fair-commitment">
          {d.commitment ?? '—'}
        </dd>
        <dt>Server seed</dt>
        <dd className="mono" data-testid="fair-server-seed">
          {d.serverSeed ?? '(hidden until the close result)'}
        </dd>
        <dt>Client seed</dt>
        <dd className="mono">{d.clientSeed ?? '—'}</dd>
        <dt>Chart’s pannas</dt>
        <dd className="mono" data-testid="fair-result">
          {d.openPanna ?? '***'} · {d.closePanna ?? '***'}
        </dd>
        {v.computed && (
          <>
            <dt>Recomputed</dt>
            <dd className="mono" data-testid="fair-computed">
              {v.computed.result}
            </dd>
          </>
        )}
      </dl>
      <ol className="fair-steps" data-testid="fair-steps">
        {v.steps.map((s) => (
          <li key={s.key} className={s.ok ? 'fair-ok' : 'fair-bad'} data-testid={`fair-step-${s.key}`}>
            <b>
              {s.ok ? '✔' : '✘'} {s.title}
            </b>
            <pre className="mono small">{s.detail}</pre>
          </li>
        ))}
      </ol>
    </section>
  );
}
