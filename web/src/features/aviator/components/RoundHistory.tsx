import { useState } from 'react';
import { Modal } from '@/components/Modal';
import { useMediaQuery } from '@/lib/use-media';
import type { RoundSummary } from '../types';

const tone = (m: number) => (m >= 10 ? 'hi' : m >= 2 ? 'mid' : 'lo');

function Chip({ r }: { r: RoundSummary }) {
  return <span className={`crash-chip crash-${tone(r.crashPoint)}`}>{r.crashPoint.toFixed(2)}x</span>;
}

/** Crash points of recent rounds: 4 on mobile, more from 1024 px; the full list in a modal. */
export function RoundHistory({ rounds }: { rounds: RoundSummary[] }) {
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
      <button type="button" className="icon-btn" aria-label="Round history" onClick={() => setOpen(true)}>
        ⟲
      </button>
      {open && (
        <Modal title="Round history" onClose={() => setOpen(false)}>
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
