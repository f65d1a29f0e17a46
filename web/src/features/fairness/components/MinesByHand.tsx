import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MinesChecked } from '../api/get-mines-game';
import { verifyMinesGame } from '../mines';
import { MinesReport } from './MinesReport';

const HEX64 = /^[0-9a-fA-F]{64}$/;

/** Seeds typed in by hand (server seed, client seed, nonce, mines; the commitment if known): the board they deal. */
export function MinesByHand() {
  const { t } = useTranslation('fairness');
  const [f, setF] = useState({ serverSeed: '', clientSeed: '', nonce: '', mines: '5', commitment: '' });
  const [checked, setChecked] = useState<MinesChecked | null>(null);
  const [problem, setProblem] = useState('');
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF((s) => ({ ...s, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const nonce = Number(f.nonce.trim());
    const mines = Number(f.mines.trim());
    if (!HEX64.test(f.serverSeed.trim())) return setProblem(t('byHand.seedHex'));
    if (!f.clientSeed) return setProblem(t('byHand.clientSeedMissing'));
    if (!/^\d+$/.test(f.nonce.trim()) || !Number.isSafeInteger(nonce)) return setProblem(t('byHand.nonceWhole'));
    if (!Number.isInteger(mines) || mines < 1 || mines > 24) return setProblem(t('byHand.minesRange'));
    if (f.commitment.trim() && !HEX64.test(f.commitment.trim())) return setProblem(t('byHand.commitmentHex'));
    setProblem('');
    const input = {
      gameId: null,
      status: t('byHand.status'),
      mines,
      commitment: f.commitment.trim() || null,
      serverSeed: f.serverSeed.trim(),
      clientSeed: f.clientSeed,
      nonce,
      mineTiles: null,
      revealed: [],
    };
    setChecked({ input, verification: await verifyMinesGame(input) });
  }

  return (
    <>
      <form className="card fair-form" onSubmit={(e) => void submit(e)} aria-label={t('byHand.label')}>
        <label className="field">
          <span>{t('byHand.serverSeed')}</span>
          <input
            value={f.serverSeed}
            onChange={set('serverSeed')}
            autoComplete="off"
            spellCheck={false}
            data-testid="fair-mines-server-seed"
          />
        </label>
        <label className="field">
          <span>{t('byHand.clientSeed')}</span>
          <input
            value={f.clientSeed}
            onChange={set('clientSeed')}
            autoComplete="off"
            spellCheck={false}
            data-testid="fair-mines-client-seed"
          />
        </label>
        <div className="fair-pair">
          <label className="field">
            <span>{t('byHand.nonce')}</span>
            <input inputMode="numeric" value={f.nonce} onChange={set('nonce')} data-testid="fair-mines-nonce" />
          </label>
          <label className="field">
            <span>{t('byHand.mines')}</span>
            <input inputMode="numeric" value={f.mines} onChange={set('mines')} data-testid="fair-mines-count" />
          </label>
        </div>
        <label className="field">
          <span>{t('byHand.commitment')}</span>
          <input
            value={f.commitment}
            onChange={set('commitment')}
            autoComplete="off"
            spellCheck={false}
            data-testid="fair-mines-commitment"
          />
        </label>
        {problem && <p className="form-error">{problem}</p>}
        <button type="submit" className="btn btn-outline" data-testid="fair-mines-compute">
          {t('byHand.compute')}
        </button>
      </form>
      {checked && <MinesReport checked={checked} />}
    </>
  );
}
