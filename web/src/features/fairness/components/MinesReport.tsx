import { useTranslation } from 'react-i18next';
import { stepMark } from './marks';
import type { MinesChecked } from '../api/get-mines-game';
import { MINES_TILES } from '../mines';

const MARK = { verified: '✔ ', mismatch: '✘ ', pending: '… ', computed: '' } as const;

/** The recomputed board: mines, the tiles opened, and where the server's mines differ (if they do). */
function Board({ mines, server, revealed }: { mines: number[]; server: number[] | null; revealed: number[] }) {
  const { t } = useTranslation('fairness');
  return (
    <div
      className="fair-mines"
      role="img"
      aria-label={t('report.board', { tiles: mines.join(', ') })}
      data-testid="fair-mines-board"
    >
      {Array.from({ length: MINES_TILES }, (_, tile) => {
        const mine = mines.includes(tile);
        const differs = server !== null && server.includes(tile) !== mine;
        const opened = revealed.includes(tile);
        return (
          <span
            key={tile}
            className={`fair-mt ${mine ? 'fair-mt-mine' : 'fair-mt-gem'} ${opened ? 'fair-mt-open' : ''} ${differs ? 'fair-mt-diff' : ''}`}
            data-testid={`fair-tile-${tile}`}
            data-mine={mine}
            title={mine ? t('report.tileMine', { tile }) : t('report.tileSafe', { tile })}
          />
        );
      })}
    </div>
  );
}

/** A Mines check: the verdict, the game's seeds, the recomputed board and each step. */
export function MinesReport({ checked }: { checked: MinesChecked }) {
  const { t } = useTranslation('fairness');
  const { input: g, verification: v } = checked;
  return (
    <section
      className={`card fair-report fair-${v.verdict === 'computed' ? 'verified' : v.verdict}`}
      aria-label={t('report.label')}
    >
      <p className="fair-verdict" data-testid="fair-verdict" data-verdict={v.verdict}>
        {MARK[v.verdict]}
        {t(`verdict.${v.verdict}`)}
      </p>
      <dl className="kv fair-kv">
        {g.gameId !== null && (
          <>
            <dt>{t('report.game')}</dt>
            <dd data-testid="fair-round">{g.gameId}</dd>
            <dt>{t('report.status')}</dt>
            <dd>{g.status}</dd>
          </>
        )}
        <dt>{t('report.mines')}</dt>
        <dd>{g.mines}</dd>
        <dt>{t('report.commitment')}</dt>
        <dd className="mono" data-testid="fair-commitment">
          {g.commitment ?? '—'}
        </dd>
        <dt>{t('report.serverSeed')}</dt>
        <dd className="mono" data-testid="fair-server-seed">
          {g.serverSeed ?? t('report.hiddenGame')}
        </dd>
        <dt>{t('report.clientSeedNonce')}</dt>
        <dd className="mono">
          {g.clientSeed} · {g.nonce}
        </dd>
        <dt>{t('report.serverMines')}</dt>
        <dd className="mono" data-testid="fair-result">
          {g.mineTiles ? g.mineTiles.join(', ') : '—'}
        </dd>
        {v.board && (
          <>
            <dt>{t('report.recomputed')}</dt>
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
              {stepMark(s.ok)} {s.title}
            </b>
            <pre className="mono small">{s.detail}</pre>
          </li>
        ))}
      </ol>
    </section>
  );
}
