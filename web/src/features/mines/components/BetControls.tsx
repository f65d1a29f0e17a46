import { useTranslation } from 'react-i18next';
import { formatInr } from '@/lib/money';
import { clampTarget } from '../auto';
import { digitsOnly, QUICK_AMOUNTS, stepStake } from '../stake';
import type { PublicSettings } from '../wire';
import { AmountChips } from '@/components/AmountChips';

export type Mode = 'manual' | 'auto';

interface Props {
  settings: PublicSettings | undefined;
  mode: Mode;
  onMode: (m: Mode) => void;
  mines: number;
  onMines: (n: number) => void;
  stake: string;
  onStake: (text: string) => void;
  autoTiles: number;
  onAutoTiles: (n: number) => void;
  /** The inputs of a new game (stake, mines, mode) are locked while a game is in play or a move is in flight. */
  locked: boolean;
  canBet: boolean;
  canCashOut: boolean;
  autoRunning: boolean;
  /** What Cash out pays now, when it can. */
  cashOutValue: number | null;
  busy: boolean;
  /** BET was pressed and the server has not answered yet. */
  placing: boolean;
  onBet: () => void;
  onCashOut: () => void;
  onStop: () => void;
}

const MODES: readonly Mode[] = ['manual', 'auto'];
/** The stepper's minus sign (a symbol, not a word). */
const MINUS = '−';

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

interface CountProps {
  label: string;
  /** The counts offered, `min` to `max`. */
  min: number;
  max: number;
  value: number;
  disabled: boolean;
  onChange: (n: number) => void;
  ariaLabel?: string;
  testId: string;
}

/** A count picked from a list (the mines, the tiles auto opens), its label beside it. */
function CountPick({ label, min, max, value, disabled, onChange, ariaLabel, testId }: CountProps) {
  return (
    <label className="mn-pick">
      <span>{label}</span>
      <select
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
        aria-label={ariaLabel}
        data-testid={testId}
      >
        {range(min, max).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Mode, mines, the stake stepper and quick amounts, BET / Stop and Cash out. */
export function BetControls(p: Props) {
  const { t } = useTranslation('mines');
  const minMines = p.settings?.minMines ?? 1;
  const maxMines = p.settings?.maxMines ?? 24;
  const tiles = clampTarget(p.autoTiles, p.mines);
  return (
    <section className="card mn-controls" aria-label={t('controls.label')}>
      <div className="mn-row">
        <div className="mn-modes" role="group" aria-label={t('controls.mode')}>
          {MODES.map((m) => (
            <button
              key={m}
              type="button"
              className="mn-mode"
              aria-pressed={p.mode === m}
              disabled={p.locked}
              onClick={() => p.onMode(m)}
              data-testid={`mines-mode-${m}`}
            >
              {m === 'manual' ? t('controls.manual') : t('controls.auto')}
            </button>
          ))}
        </div>
        <CountPick
          label={t('controls.mines')}
          min={minMines}
          max={maxMines}
          value={p.mines}
          disabled={p.locked}
          onChange={p.onMines}
          testId="mines-count"
        />
      </div>
      <div className="mn-row">
        <div className="mn-stepper">
          <button
            type="button"
            className="mn-step"
            aria-label={t('controls.decrease')}
            disabled={p.locked}
            onClick={() => p.onStake(stepStake(p.stake, -1))}
          >
            {MINUS}
          </button>
          <label className="sr-only" htmlFor="mines-stake">
            {t('controls.amount')}
          </label>
          <input
            id="mines-stake"
            className="mn-stake"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            value={p.stake}
            disabled={p.locked}
            onChange={(e) => p.onStake(digitsOnly(e.target.value))}
            data-testid="mines-stake"
          />
          <button
            type="button"
            className="mn-step"
            aria-label={t('controls.increase')}
            disabled={p.locked}
            onClick={() => p.onStake(stepStake(p.stake, 1))}
          >
            +
          </button>
        </div>
        {p.mode === 'auto' && (
          <CountPick
            label={t('controls.tiles')}
            min={1}
            max={25 - p.mines}
            value={tiles}
            disabled={p.locked}
            onChange={p.onAutoTiles}
            ariaLabel={t('controls.tilesToOpen')}
            testId="mines-auto-tiles"
          />
        )}
      </div>
      <AmountChips
        amounts={QUICK_AMOUNTS}
        onPick={(q) => p.onStake(String(q))}
        className="mn-quick"
        label={t('controls.quick')}
        chipClass={() => 'mn-chip'}
        pressed={(q) => p.stake === String(q)}
        testId={(q) => `mines-quick-${q}`}
        disabled={p.locked}
      />
      {p.settings && (
        <p className="hint mn-limits">
          {t('controls.limits', {
            min: formatInr(p.settings.minBet),
            max: formatInr(p.settings.maxBet),
            rtp: (p.settings.rtp * 100).toFixed(0),
          })}
        </p>
      )}
      <div className="mn-actions">
        {p.autoRunning ? (
          <button type="button" className="btn btn-cancel" onClick={p.onStop} data-testid="mines-stop">
            {t('controls.stop')}
          </button>
        ) : (
          <button type="button" className="btn btn-bet" disabled={!p.canBet} onClick={p.onBet} data-testid="mines-bet">
            {p.placing ? t('controls.placing') : t('controls.bet')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-cashout"
          disabled={p.busy || (p.autoRunning && !p.canCashOut)}
          onClick={p.onCashOut}
          data-testid="mines-cashout"
        >
          {t('controls.cashOut')}
          {p.canCashOut && p.cashOutValue !== null && (
            <small data-testid="mines-cashout-value">{formatInr(p.cashOutValue)}</small>
          )}
        </button>
      </div>
    </section>
  );
}
