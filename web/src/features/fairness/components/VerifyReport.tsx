import type { Checked } from '../api/get-fair';
import { describeOutcome } from '../verify';

const VERDICT = { verified: 'Verified', mismatch: 'Mismatch', pending: 'Not revealed yet' } as const;

/** The verdict, the inputs and each step of the recomputation. */
export function VerifyReport({ checked }: { checked: Checked }) {
  const { round, verification: v } = checked;
  return (
    <section className={`card fair-report fair-${v.verdict}`} aria-label="Verification">
      <p className="fair-verdict" data-testid="fair-verdict" data-verdict={v.verdict}>
        {v.verdict === 'verified' ? '✔ ' : v.verdict === 'mismatch' ? '✘ ' : '… '}
        {VERDICT[v.verdict]}
      </p>
      <dl className="kv fair-kv">
        <dt>Round</dt>
        <dd data-testid="fair-round">{round.roundId}</dd>
        <dt>Status</dt>
        <dd>{round.status}</dd>
        <dt>Commitment</dt>
        <dd className="mono" data-testid="fair-commitment">
          {round.commitment}
        </dd>
        <dt>Server seed</dt>
        <dd className="mono" data-testid="fair-server-seed">
          {round.serverSeed ?? '(hidden until the round settles)'}
        </dd>
        <dt>Client seed</dt>
        <dd className="mono">{round.clientSeed}</dd>
        <dt>Server result</dt>
        <dd className="mono" data-testid="fair-result">
          {round.result === null || round.result === undefined ? '—' : JSON.stringify(round.result)}
        </dd>
        {v.computed && (
          <>
            <dt>Recomputed</dt>
            <dd data-testid="fair-computed">{describeOutcome(v.computed)}</dd>
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
