import { useTranslation } from 'react-i18next';
import type { MinesChecked } from '../api/get-mines-game';
import { MINES_TILES } from '../mines';
import { FairReport } from './FairReport';

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
    <FairReport
      verdict={v.verdict}
      tone={v.verdict === 'computed' ? 'verified' : v.verdict}
      head={
        <>
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
        </>
      }
      commitment={g.commitment ?? '—'}
      serverSeed={g.serverSeed ?? t('report.hiddenGame')}
      computed={v.board && { text: v.board.mines.join(', '), mono: true }}
      after={v.board && <Board mines={v.board.mines} server={g.mineTiles} revealed={g.revealed} />}
      steps={v.steps}
    >
      <dt>{t('report.clientSeedNonce')}</dt>
      <dd className="mono">
        {g.clientSeed} · {g.nonce}
      </dd>
      <dt>{t('report.serverMines')}</dt>
      <dd className="mono" data-testid="fair-result">
        {g.mineTiles ? g.mineTiles.join(', ') : '—'}
      </dd>
    </FairReport>
  );
}
