import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/Modal';
import { useFairness } from '../api/get-fairness';
import { useRounds } from '../api/get-rounds';
import { verifyRound, verifyUrl, type Verification } from '../api/verify-round';

/** Provably fair: the published commitment, revealed round hashes with crash points, and verification. */
const times = (x: number) => `${x.toFixed(2)}x`;

export function FairnessModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('aviator');
  const fairness = useFairness(true);
  const rounds = useRounds(20);
  const [checked, setChecked] = useState<Record<string, Verification | 'error'>>({});

  const check = (id: number) =>
    verifyRound(id).then(
      (v) => setChecked((c) => ({ ...c, [String(id)]: v })),
      () => setChecked((c) => ({ ...c, [String(id)]: 'error' })),
    );

  const verdict = (v: Verification | 'error') =>
    v === 'error'
      ? t('fair.loadFailed')
      : v.valid && v.computedCrashPoint !== undefined
        ? t('fair.valid', { crash: times(v.computedCrashPoint) })
        : t('fair.mismatch');

  return (
    <Modal title={t('fair.title')} onClose={onClose}>
      {fairness.data ? (
        <dl className="kv fair-kv">
          <dt>{t('fair.commitment')}</dt>
          <dd className="mono" data-testid="fair-commitment">
            {fairness.data.commitment}
          </dd>
          <dt>{t('fair.salt')}</dt>
          <dd className="mono">{fairness.data.salt}</dd>
          <dt>{t('fair.houseEdge')}</dt>
          <dd>{fairness.data.houseEdgePercent}%</dd>
          <dt>{t('fair.formula')}</dt>
          <dd className="mono">{fairness.data.formula}</dd>
        </dl>
      ) : (
        <p className="muted">{fairness.isError ? t('fair.unavailable') : t('fair.loading')}</p>
      )}
      <p className="muted">{t('fair.explain')}</p>
      <ul className="fair-list">
        {(rounds.data ?? []).map((r) => {
          const v = checked[String(r.roundId)];
          return (
            <li key={String(r.roundId)}>
              <div className="fair-row">
                <b>#{String(r.roundId)}</b>
                <span>{times(r.crashPoint)}</span>
                <a href={verifyUrl(r.roundId)} target="_blank" rel="noreferrer">
                  {t('fair.verify')}
                </a>
                <button type="button" className="btn btn-small btn-outline" onClick={() => void check(r.roundId)}>
                  {t('fair.check')}
                </button>
              </div>
              <div className="mono small">{r.hash}</div>
              {v && <div className={v !== 'error' && v.valid ? 'form-success' : 'form-error'}>{verdict(v)}</div>}
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
