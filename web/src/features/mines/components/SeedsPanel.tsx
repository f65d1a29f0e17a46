import { useState } from 'react';
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
          toast('Seeds changed: they apply from your next game', 'success');
        },
        onError: (e) => toast(errorMessage(e, 'Could not change the seeds.'), 'error'),
      },
    );
  }

  return (
    <div className="mn-seeds" data-testid="mines-seeds">
      <p className="muted small-text">
        Each game’s mines come from a secret server seed, your client seed and the nonce. The server seed is committed by
        its SHA-256 before you bet and revealed when the game ends, so you can recompute the board yourself.
      </p>
      <h3 className="mn-seeds-title">Next game</h3>
      <dl className="kv mn-kv">
        <dt>Commitment (SHA-256)</dt>
        <dd className="mono" data-testid="mines-next-commitment">
          {seeds?.commitment ?? '…'}
        </dd>
        <dt>Nonce</dt>
        <dd data-testid="mines-nonce">{seeds?.nonce ?? '…'}</dd>
      </dl>
      <label className="field">
        <span>Client seed</span>
        <input value={clientSeed} maxLength={64} onChange={(e) => setClientSeed(e.target.value)} data-testid="mines-client-seed" />
      </label>
      {!valid && <p className="hint">1 to 64 letters, digits or symbols.</p>}
      <button type="button" className="btn btn-outline" disabled={!valid || reseed.isPending} onClick={change} data-testid="mines-change-seeds">
        {reseed.isPending ? 'Changing…' : 'Change seeds'}
      </button>
      {replaced && (
        <p className="hint mono" data-testid="mines-replaced-seed">
          Replaced server seed (never used): {replaced.serverSeed} — its commitment was {replaced.commitment}
        </p>
      )}
      {game && (
        <>
          <h3 className="mn-seeds-title">Game #{game.gameId}</h3>
          <dl className="kv mn-kv">
            <dt>Commitment</dt>
            <dd className="mono" data-testid="mines-game-commitment">
              {game.commitment}
            </dd>
            <dt>Client seed · nonce</dt>
            <dd className="mono">
              {game.clientSeed} · {game.nonce}
            </dd>
            <dt>Server seed</dt>
            <dd className="mono" data-testid="mines-game-server-seed">
              {game.serverSeed ?? 'revealed when the game ends'}
            </dd>
          </dl>
          {game.status !== 'playing' && (
            <Link to={`/fairness?game=mines&gameId=${game.gameId}`} className="btn btn-outline" data-testid="mines-fair-check">
              Check game #{game.gameId} on the Fairness screen
            </Link>
          )}
        </>
      )}
    </div>
  );
}
