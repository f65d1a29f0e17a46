import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useReseed } from '../api/reseed';
import { isClientSeed, type GameView, type Seeds } from '../wire';

/**
 * Fairness: the next game's commitment (SHA-256 of its server seed), the player's client seed (editable) and the
 * nonce; the game on screen with its seed once it is over, and a link to check it.
 */
export function SeedsPanel({ seeds, game }: { seeds: Seeds | undefined; game: GameView | null }) {
  const { t } = useTranslation('mines');
  const [clientSeed, setClientSeed] = useState(seeds?.clientSeed ?? '');
  const [replaced, setReplaced] = useState<{ serverSeed: string; commitment: string } | null>(null);
  const reseed = useReseed();
  const valid = isClientSeed(clientSeed);

  function change() {
    if (!valid) return;
    reseed.mutate(
      { clientSeed },
      {
        onSuccess: (r) => {
          setReplaced({ serverSeed: r.previousServerSeed, commitment: r.previousCommitment });
          setClientSeed(r.seeds?.clientSeed ?? clientSeed);
          toast(t('seeds.changed'), 'success');
        },
        onError: (e) => toast(errorMessage(e, t('seeds.changeFailed')), 'error'),
      },
    );
  }

  return (
    <div className="mn-seeds" data-testid="mines-seeds">
      <p className="muted small-text">{t('seeds.explain')}</p>
      <h3 className="mn-seeds-title">{t('seeds.nextGame')}</h3>
      <dl className="kv mn-kv">
        <dt>{t('seeds.commitmentSha')}</dt>
        <dd className="mono" data-testid="mines-next-commitment">
          {seeds?.commitment ?? '…'}
        </dd>
        <dt>{t('seeds.nonce')}</dt>
        <dd data-testid="mines-nonce">{seeds?.nonce ?? '…'}</dd>
      </dl>
      <label className="field">
        <span>{t('seeds.clientSeed')}</span>
        <input
          value={clientSeed}
          maxLength={64}
          onChange={(e) => setClientSeed(e.target.value)}
          data-testid="mines-client-seed"
        />
      </label>
      {!valid && <p className="hint">{t('seeds.clientSeedHint')}</p>}
      <button
        type="button"
        className="btn btn-outline"
        disabled={!valid || reseed.isPending}
        onClick={change}
        data-testid="mines-change-seeds"
      >
        {reseed.isPending ? t('seeds.changing') : t('seeds.change')}
      </button>
      {replaced && (
        <p className="hint mono" data-testid="mines-replaced-seed">
          {t('seeds.replaced', { seed: replaced.serverSeed, commitment: replaced.commitment })}
        </p>
      )}
      {game && (
        <>
          <h3 className="mn-seeds-title">{t('seeds.game', { id: game.gameId })}</h3>
          <dl className="kv mn-kv">
            <dt>{t('seeds.commitment')}</dt>
            <dd className="mono" data-testid="mines-game-commitment">
              {game.commitment}
            </dd>
            <dt>{t('seeds.clientSeedNonce')}</dt>
            <dd className="mono">
              {game.clientSeed} · {game.nonce}
            </dd>
            <dt>{t('seeds.serverSeed')}</dt>
            <dd className="mono" data-testid="mines-game-server-seed">
              {game.serverSeed ?? t('seeds.revealedAtEnd')}
            </dd>
          </dl>
          {game.status !== 'playing' && (
            <Link
              to={`/fairness?game=mines&gameId=${game.gameId}`}
              className="btn btn-outline"
              data-testid="mines-fair-check"
            >
              {t('seeds.check', { id: game.gameId })}
            </Link>
          )}
        </>
      )}
    </div>
  );
}
