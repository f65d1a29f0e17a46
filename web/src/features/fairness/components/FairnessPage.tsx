import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelField } from '@/components/Field';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useFairCheck } from '../api/get-fair';
import { useMatkaCheck } from '../api/get-matka-draw';
import { useMinesCheck } from '../api/get-mines-game';
import { CHECKABLE, checkOf, isCheckable, isFairGame, parseRound, type Checkable } from '../games';
import { FairInfoCard } from './FairInfoCard';
import { MatkaInfoCard } from './MatkaInfoCard';
import { MatkaReport } from './MatkaReport';
import { MinesByHand } from './MinesByHand';
import { MinesInfoCard } from './MinesInfoCard';
import { MinesReport } from './MinesReport';
import { VerifyReport } from './VerifyReport';
import '../fairness.css';

/**
 * Provably fair: fetch a round's (a Mines game's, a Matka draw's) seeds and result, recompute it here with Web Crypto,
 * show the verdict and steps. Round games by `?game=&round=`, Mines by `?game=mines&gameId=`, Matka by
 * `?game=matka&market=&draw=`.
 */
export function FairnessPage() {
  const { t } = useTranslation('fairness');
  const [params, setParams] = useSearchParams();
  const qGame = params.get('game');
  const game: Checkable = isCheckable(qGame) ? qGame : CHECKABLE[0]!.value;
  const mines = checkOf(game) === 'mines';
  const matka = checkOf(game) === 'matka';
  const id = parseRound(params.get(mines ? 'gameId' : matka ? 'draw' : 'round'));
  const market = matka ? parseRound(params.get('market')) : null;
  const [form, setForm] = useState({
    game,
    id: id === null ? '' : String(id),
    market: market === null ? '' : String(market),
  });
  const check = useFairCheck(isFairGame(game) ? game : 'titli', isFairGame(game) ? id : null);
  const minesCheck = useMinesCheck(mines ? id : null);
  const matkaCheck = useMatkaCheck(market, matka ? id : null);
  const q = mines ? minesCheck : matka ? matkaCheck : check;
  const verdict = mines
    ? minesCheck.data?.verification.verdict
    : matka
      ? matkaCheck.data?.verification.verdict
      : check.data?.verification.verdict;
  const what = mines ? 'game' : matka ? 'draw' : 'round';
  const shown = CHECKABLE.find((g) => g.value === form.game) ?? CHECKABLE[0]!;
  const formMines = checkOf(form.game) === 'mines';
  const formMatka = checkOf(form.game) === 'matka';
  const ready = parseRound(form.id) !== null && (!formMatka || parseRound(form.market) !== null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const r = parseRound(form.id);
    if (formMatka) {
      const m = parseRound(form.market);
      setParams(
        r === null || m === null ? { game: form.game } : { game: form.game, market: String(m), draw: String(r) },
      );
      return;
    }
    const key = formMines ? 'gameId' : 'round';
    setParams(r === null ? { game: form.game } : { game: form.game, [key]: String(r) });
  }

  return (
    <div className="page fair-page">
      <h1 className="page-title">{t('title')}</h1>
      <p className="muted small-text">{t('intro')}</p>
      <form className="card fair-form" onSubmit={submit}>
        <label className="field">
          <span>{t('form.game')}</span>
          <select
            value={form.game}
            onChange={(e) => setForm({ ...form, game: e.target.value as Checkable })}
            data-testid="fair-game"
          >
            {CHECKABLE.map((g) => (
              <option key={g.value} value={g.value}>
                {g.label}
              </option>
            ))}
          </select>
        </label>
        {formMatka && (
          <LabelField
            label={t('form.marketId')}
            inputMode="numeric"
            value={form.market}
            onChange={(e) => setForm({ ...form, market: e.target.value })}
            placeholder={t('form.marketPlaceholder')}
            data-testid="fair-market-input"
          />
        )}
        <LabelField
          label={formMines ? t('form.gameId') : formMatka ? t('form.drawNo') : t('form.roundId')}
          inputMode="numeric"
          value={form.id}
          onChange={(e) => setForm({ ...form, id: e.target.value })}
          placeholder={t('form.idPlaceholder')}
          data-testid="fair-round-input"
        />
        <button type="submit" className="btn btn-primary" disabled={!ready} data-testid="fair-verify">
          {t('form.verify')}
        </button>
      </form>
      {id !== null && q.isFetching && <p className="muted">{t(`checking.${what}`, { id })}</p>}
      {id !== null && q.isError && <p className="form-error">{errorMessage(q.error, t(`loadFailed.${what}`))}</p>}
      {isFairGame(game) && check.data && !check.isFetching && <VerifyReport checked={check.data} />}
      {mines && minesCheck.data && !minesCheck.isFetching && <MinesReport checked={minesCheck.data} />}
      {matka && matkaCheck.data && !matkaCheck.isFetching && <MatkaReport checked={matkaCheck.data} />}
      {verdict === 'pending' && (
        <button type="button" className="btn btn-outline" onClick={() => void q.refetch()}>
          {t('checkAgain')}
        </button>
      )}
      <h2 className="list-title">{shown.label}</h2>
      {shown.check === 'mines' ? (
        <>
          <MinesInfoCard />
          <MinesByHand />
        </>
      ) : shown.check === 'matka' ? (
        <MatkaInfoCard />
      ) : (
        <FairInfoCard game={shown.value} />
      )}
      <Link to={shown.to} className="btn btn-outline">
        {t('playGame', { game: shown.label })}
      </Link>
    </div>
  );
}
