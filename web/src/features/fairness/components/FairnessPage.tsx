import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useFairCheck } from '../api/get-fair';
import { FAIR_GAMES, isFairGame, parseRound } from '../games';
import type { FairGame } from '../verify';
import { FairInfoCard } from './FairInfoCard';
import { VerifyReport } from './VerifyReport';
import '../fairness.css';

/** Provably fair: fetch a round's seeds and result, recompute it here with Web Crypto, show the verdict and steps. */
export function FairnessPage() {
  const [params, setParams] = useSearchParams();
  const qGame = params.get('game');
  const game: FairGame = isFairGame(qGame) ? qGame : 'titli';
  const round = parseRound(params.get('round'));
  const [form, setForm] = useState({ game, round: round === null ? '' : String(round) });
  const check = useFairCheck(game, round);
  const shown = FAIR_GAMES.find((g) => g.value === form.game) ?? FAIR_GAMES[0]!;

  function submit(e: FormEvent) {
    e.preventDefault();
    const r = parseRound(form.round);
    setParams(r === null ? { game: form.game } : { game: form.game, round: String(r) });
  }

  return (
    <div className="page fair-page">
      <h1 className="page-title">Provably fair</h1>
      <p className="muted small-text">
        Every round’s result comes from a secret server seed, committed by its SHA-256 before any bet and revealed after.
        This page recomputes a round in your browser from the revealed seed.
      </p>
      <form className="card fair-form" onSubmit={submit}>
        <label className="field">
          <span>Game</span>
          <select value={form.game} onChange={(e) => setForm({ ...form, game: e.target.value as FairGame })} data-testid="fair-game">
            {FAIR_GAMES.map((g) => (
              <option key={g.value} value={g.value}>
                {g.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Round id</span>
          <input inputMode="numeric" value={form.round} onChange={(e) => setForm({ ...form, round: e.target.value })} placeholder="e.g. 42" data-testid="fair-round-input" />
        </label>
        <button type="submit" className="btn btn-primary" disabled={parseRound(form.round) === null} data-testid="fair-verify">
          Verify
        </button>
      </form>
      {round !== null && check.isFetching && <p className="muted">Checking round {round}…</p>}
      {round !== null && check.isError && <p className="form-error">{errorMessage(check.error, 'Could not load that round.')}</p>}
      {check.data && !check.isFetching && <VerifyReport checked={check.data} />}
      {check.data?.verification.verdict === 'pending' && (
        <button type="button" className="btn btn-outline" onClick={() => void check.refetch()}>
          Check again
        </button>
      )}
      <h2 className="list-title">{shown.label}</h2>
      <FairInfoCard game={shown.value} />
      <Link to={shown.to} className="btn btn-outline">
        Play {shown.label}
      </Link>
    </div>
  );
}
