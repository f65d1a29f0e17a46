import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useFairCheck } from '../api/get-fair';
import { useMinesCheck } from '../api/get-mines-game';
import { CHECKABLE, isCheckable, MINES, parseRound, type Checkable } from '../games';
import { FairInfoCard } from './FairInfoCard';
import { MinesByHand } from './MinesByHand';
import { MinesInfoCard } from './MinesInfoCard';
import { MinesReport } from './MinesReport';
import { VerifyReport } from './VerifyReport';
import '../fairness.css';

/**
 * Provably fair: fetch a round's (or a Mines game's) seeds and result, recompute it here with Web Crypto, show the
 * verdict and steps. Round games by `?game=&round=`, Mines by `?game=mines&gameId=`.
 */
export function FairnessPage() {
  const [params, setParams] = useSearchParams();
  const qGame = params.get('game');
  const game: Checkable = isCheckable(qGame) ? qGame : 'titli';
  const mines = game === MINES.value;
  const id = parseRound(params.get(mines ? 'gameId' : 'round'));
  const [form, setForm] = useState({ game, id: id === null ? '' : String(id) });
  const check = useFairCheck(game === MINES.value ? 'titli' : game, mines ? null : id);
  const minesCheck = useMinesCheck(mines ? id : null);
  const q = mines ? minesCheck : check;
  const shown = CHECKABLE.find((g) => g.value === form.game) ?? CHECKABLE[0]!;
  const formMines = form.game === MINES.value;

  function submit(e: FormEvent) {
    e.preventDefault();
    const r = parseRound(form.id);
    const key = form.game === MINES.value ? 'gameId' : 'round';
    setParams(r === null ? { game: form.game } : { game: form.game, [key]: String(r) });
  }

  return (
    <div className="page fair-page">
      <h1 className="page-title">Provably fair</h1>
      <p className="muted small-text">
        Every round’s result (every Mines board) comes from a secret server seed, committed by its SHA-256 before any bet
        and revealed after. This page recomputes it in your browser from the revealed seed.
      </p>
      <form className="card fair-form" onSubmit={submit}>
        <label className="field">
          <span>Game</span>
          <select value={form.game} onChange={(e) => setForm({ ...form, game: e.target.value as Checkable })} data-testid="fair-game">
            {CHECKABLE.map((g) => (
              <option key={g.value} value={g.value}>
                {g.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{formMines ? 'Game id' : 'Round id'}</span>
          <input inputMode="numeric" value={form.id} onChange={(e) => setForm({ ...form, id: e.target.value })} placeholder="e.g. 42" data-testid="fair-round-input" />
        </label>
        <button type="submit" className="btn btn-primary" disabled={parseRound(form.id) === null} data-testid="fair-verify">
          Verify
        </button>
      </form>
      {id !== null && q.isFetching && (
        <p className="muted">
          Checking {mines ? 'game' : 'round'} {id}…
        </p>
      )}
      {id !== null && q.isError && <p className="form-error">{errorMessage(q.error, mines ? 'Could not load that game.' : 'Could not load that round.')}</p>}
      {!mines && check.data && !check.isFetching && <VerifyReport checked={check.data} />}
      {mines && minesCheck.data && !minesCheck.isFetching && <MinesReport checked={minesCheck.data} />}
      {(mines ? minesCheck.data?.verification.verdict : check.data?.verification.verdict) === 'pending' && (
        <button type="button" className="btn btn-outline" onClick={() => void q.refetch()}>
          Check again
        </button>
      )}
      <h2 className="list-title">{shown.label}</h2>
      {shown.value === MINES.value ? (
        <>
          <MinesInfoCard />
          <MinesByHand />
        </>
      ) : (
        <FairInfoCard game={shown.value} />
      )}
      <Link to={shown.to} className="btn btn-outline">
        Play {shown.label}
      </Link>
    </div>
  );
}
