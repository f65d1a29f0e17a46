import { useState } from 'react';
import { Modal } from '@/components/Modal';
import { useFairness } from '../api/get-fairness';
import { useRounds } from '../api/get-rounds';
import { verifyRound, verifyUrl, type Verification } from '../api/verify-round';

/** Provably fair: the published commitment, revealed round hashes with crash points, and verification. */
export function FairnessModal({ onClose }: { onClose: () => void }) {
  const fairness = useFairness(true);
  const rounds = useRounds(20);
  const [checked, setChecked] = useState<Record<string, Verification | 'error'>>({});

  const check = (id: number) =>
    verifyRound(id).then(
      (v) => setChecked((c) => ({ ...c, [String(id)]: v })),
      () => setChecked((c) => ({ ...c, [String(id)]: 'error' })),
    );

  return (
    <Modal title="Provably fair" onClose={onClose}>
      {fairness.data ? (
        <dl className="kv fair-kv">
          <dt>Commitment</dt>
          <dd className="mono" data-testid="fair-commitment">
            {fairness.data.commitment}
          </dd>
          <dt>Salt</dt>
          <dd className="mono">{fairness.data.salt}</dd>
          <dt>House edge</dt>
          <dd>{fairness.data.houseEdgePercent}%</dd>
          <dt>Formula</dt>
          <dd className="mono">{fairness.data.formula}</dd>
        </dl>
      ) : (
        <p className="muted">{fairness.isError ? 'Fairness data unavailable.' : 'Loading...'}</p>
      )}
      <p className="muted">
        Each round’s hash is the previous link of a SHA-256 chain ending in the commitment above; hashing it repeatedly
        leads back to the commitment, and the crash point is computed from it with the public formula.
      </p>
      <ul className="fair-list">
        {(rounds.data ?? []).map((r) => {
          const v = checked[String(r.roundId)];
          return (
            <li key={String(r.roundId)}>
              <div className="fair-row">
                <b>#{String(r.roundId)}</b>
                <span>{r.crashPoint.toFixed(2)}x</span>
                <a href={verifyUrl(r.roundId)} target="_blank" rel="noreferrer">
                  Verify
                </a>
                <button type="button" className="btn btn-small btn-outline" onClick={() => void check(r.roundId)}>
                  Check
                </button>
              </div>
              <div className="mono small">{r.hash}</div>
              {v && (
                <div className={v !== 'error' && v.valid ? 'form-success' : 'form-error'}>
                  {v === 'error' ? 'Verification failed to load' : v.valid && v.computedCrashPoint !== undefined ? `Valid — computed ${v.computedCrashPoint.toFixed(2)}x` : 'Mismatch!'}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
