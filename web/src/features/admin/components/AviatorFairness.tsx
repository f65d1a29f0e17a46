import { formatCount } from '../actors';
import type { Fairness } from '../api/types';
import { showSetting } from '../settings';

/** Aviator's hash chain: where it starts, how long it is, what is left, its edge. */
export function AviatorFairness({ f }: { f: Fairness }) {
  return (
    <div className="fairness">
      <h3 className="card-title">Fairness</h3>
      <dl className="kv kv-wide">
        <dt>Chain starts at round</dt>
        <dd>{String(f.chainFirstRound ?? '—')}</dd>
        <dt>Chain length</dt>
        <dd>{formatCount(f.chainLength)}</dd>
        <dt>Rounds left in chain</dt>
        <dd>{formatCount(f.roundsLeft)}</dd>
        <dt>Next chain committed</dt>
        <dd>{f.nextChainCommitted ? 'yes' : 'no'}</dd>
        <dt>Edge of this chain</dt>
        <dd>{showSetting('houseEdgeBp', f.houseEdgeBp)}</dd>
      </dl>
    </div>
  );
}
