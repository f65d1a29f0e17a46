import type { MinesChecked } from '../api/get-mines-game';
import { MINES_TILES } from '../mines';

const VERDICT = { verified: 'Verified', mismatch: 'Mismatch', pending: 'Not revealed yet', computed: 'Board computed' } as const;
const MARK = { verified: '✔ ', mismatch: '✘ ', pending: '… ', computed: '' } as const;

/** The recomputed board: mines, the tiles opened, and where the server's mines differ (if they do). */
function Board({ mines, server, revealed }: { mines: number[]; server: number[] | null; revealed: number[] }) {
  return (
    <div className="fair-mines" role="img" aria-label={`Recomputed board: mines on tiles ${mines.join(', ')} (tiles 0–24)`} data-testid="fair-mines-board">
      {Array.from({ length: MINES_TILES }, (_, t) => {
        const mine = mines.includes(t);
        const differs = server !== null && server.includes(t) !== mine;
        const opened = revealed.includes(t);
        return (
          <span key={t} className={`fair-mt ${mine ? 'fair-mt-mine' : 'fair-mt-gem'} ${opened ? 'fair-mt-open' : ''} ${differs ? 'fair-mt-diff' : ''}`} data-testid={`fair-tile-${t}`} data-mine={mine} title={`Tile ${t}: ${mine ? 'mine' : 'safe'}`} />
        );
      })}
    </div>
  );
}

/** A Mines check: the verdict, the game's seeds, the recomputed board and each step. */
export function MinesReport({ checked }: { checked: MinesChecked }) {
  const { input: g, verification: v } = checked;
  return (
    <section className={`card fair-report fair-${v.verdict === 'computed' ? 'verified' : v.verdict}`} aria-label="Verification">
      <p className="fair-verdict" data-testid="fair-verdict" data-verdict={v.verdict}>
        {MARK[v.verdict]}
        {VERDICT[v.verdict]}
      </p>
      <dl className="kv fair-kv">
        {g.gameId !== null && (
          <>
            <dt>Game</dt>
            <dd data-testid="fair-round">{g.gameId}</dd>
            <dt>Status</dt>
            <dd>{g.status}</dd>
          </>
        )}
        <dt>Mines</dt>
        <dd>{g.mines}</dd>
        <dt>Commitment</dt>
        <dd className="mono" data-testid="fair-commitment">
          {g.commitment ?? '—'}
        </dd>
        <dt>Server seed</dt>
        <dd className="mono" data-testid="fair-server-seed">
          {g.serverSeed ?? '(hidden until the game ends)'}
        </dd>
        <dt>Client seed · nonce</dt>
        <dd className="mono">
          {g.clientSeed} · {g.nonce}
        </dd>
        <dt>Server’s mines</dt>
        <dd className="mono" data-testid="fair-result">
          {g.mineTiles ? g.mineTiles.join(', ') : '—'}
        </dd>
        {v.board && (
          <>
            <dt>Recomputed</dt>
            <dd className="mono" data-testid="fair-computed">
              {v.board.mines.join(', ')}
            </dd>
          </>
        )}
      </dl>
      {v.board && <Board mines={v.board.mines} server={g.mineTiles} revealed={g.revealed} />}
      <ol className="fair-steps" data-testid="fair-steps">
        {v.steps.map((s) => (
          <li key={s.key} className={s.ok ? 'fair-ok' : 'fair-bad'} data-testid={`fair-step-${s.key}`}>
            <b>
              {s.ok ? '✔' : '✘'} {s.title}
            </b>
            <pre className="mono small">{s.detail}</pre>
          </li>
        ))}
      </ol>
    </section>
  );
}
