import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/Modal';
import { useMediaQuery } from '@/lib/use-media';
import type { RoundSummary } from '../types';

/** The button's glyph (an icon, not a word). */
const HISTORY_ICON = '⟲';
const tone = (m: number) => (m >= 10 ? 'hi' : m >= 2 ? 'mid' : 'lo');
const crashText = (r: RoundSummary) => `${r.crashPoint.toFixed(2)}x`;

function Chip({ r }: { r: RoundSummary }) {
  return <span className={`crash-chip crash-${tone(r.crashPoint)}`}>{crashText(r)}</span>;
}

/** Crash points of recent rounds: 4 on mobile, more from 1024 px; the full list in a modal. */
export function RoundHistory({ rounds }: { rounds: RoundSummary[] }) {
  const { t } = useTranslation('aviator');
  const desktop = useMediaQuery('(min-width: 1024px)');
  const [open, setOpen] = useState(false);
  const shown = rounds.slice(0, desktop ? 12 : 4);
  return (
    <div className="round-history" data-testid="round-history">
      <div className="chips">
        {shown.map((r) => (
          <Chip key={String(r.roundId)} r={r} />
        ))}
      </div>
      <button type="button" className="icon-btn" aria-label={t('history.title')} onClick={() => setOpen(true)}>
        {HISTORY_ICON}
      </button>
      {open && (
        <Modal title={t('history.title')} onClose={() => setOpen(false)}>
          <div className="chips chips-wrap">
            {rounds.map((r) => (
              <Chip key={String(r.roundId)} r={r} />
            ))}
          </div>
        </Modal>
      )}
    </div>
  );
}
