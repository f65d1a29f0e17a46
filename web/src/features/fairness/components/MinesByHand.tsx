import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelField } from '@/components/Field';
import type { MinesChecked } from '../api/get-mines-game';
import { verifyMinesGame } from '../mines';
import { MinesReport } from './MinesReport';

const HEX64 = /^[0-9a-fA-F]{64}$/;

/** A seed's field: typed as it is, no autocomplete or spelling. */
function SeedField({
  name,
  testId,
  ...input
}: {
  name: 'serverSeed' | 'clientSeed' | 'commitment';
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  testId: string;
}) {
  const { t } = useTranslation('fairness');
  return (
    <LabelField label={t(`byHand.${name}`)} {...input} autoComplete="off" spellCheck={false} data-testid={testId} />
  );
}

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
        <SeedField
          name="serverSeed"
          value={f.serverSeed}
          onChange={set('serverSeed')}
          testId="fair-mines-server-seed"
        />
        <SeedField
          name="clientSeed"
          value={f.clientSeed}
          onChange={set('clientSeed')}
          testId="fair-mines-client-seed"
        />
        <div className="fair-pair">
          <LabelField
            label={t('byHand.nonce')}
            inputMode="numeric"
            value={f.nonce}
            onChange={set('nonce')}
            data-testid="fair-mines-nonce"
          />
          <LabelField
            label={t('byHand.mines')}
            inputMode="numeric"
            value={f.mines}
            onChange={set('mines')}
            data-testid="fair-mines-count"
          />
        </div>
        <SeedField name="commitment" value={f.commitment} onChange={set('commitment')} testId="fair-mines-commitment" />
        {problem && <p className="form-error">{problem}</p>}
        <button type="submit" className="btn btn-outline" data-testid="fair-mines-compute">
          {t('byHand.compute')}
        </button>
      </form>
      {checked && <MinesReport checked={checked} />}
    </>
  );
}
