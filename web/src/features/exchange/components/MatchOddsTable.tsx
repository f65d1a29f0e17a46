import { useTranslation } from 'react-i18next';
import { Flash } from '@/components/Flash';
import { StatusBadge } from '../../sports/components/StatusBadge';
import { formatRate } from '../../sports/format';
import type { Bookmaker } from '../../sports/wire';
import { teamPl } from '@/lib/bets/book';
import { kindLabel, limitsText, type Pick } from '../slip';
import type { MatchBook, RunnerKind } from '../wire';
import { PlText } from '@/components/PlText';

const LGAAI: RunnerKind = 'Lgaai';
const KHAAI: RunnerKind = 'khaai';

interface Props {
  bm: Bookmaker | undefined;
  book: MatchBook | undefined;
  onPick: (p: Pick) => void;
}

/**
 * The Match Odds table (team, Lgaai, khaai): the Bookmaker's rates ×100, each team with the player's P/L if it wins.
 * A market or team that is not OPEN has its prices disabled, with its status badge.
 */
export function MatchOddsTable({ bm, book, onPick }: Props) {
  const { t } = useTranslation('exchange');
  return (
    <section className="card ex-table" data-testid="ex-match-odds">
      <header className="ex-head">
        <h3>{t('matchOdds.title')}</h3>
        {bm && <StatusBadge status={bm.status} />}
        <span className="ex-limits">{limitsText()}</span>
      </header>
      <div className="ex-row ex-cols" aria-hidden>
        <span>{t('matchOdds.team')}</span>
        <span>{kindLabel(LGAAI)}</span>
        <span>{kindLabel(KHAAI)}</span>
      </div>
      {!bm && <p className="empty">{t('matchOdds.empty')}</p>}
      {bm?.selections.map((s, i) => {
        const off = bm.status !== 'OPEN' || s.status !== 'OPEN';
        const cell = (kind: RunnerKind, rate: number) => (
          <button
            type="button"
            className={`sp-cell ${kind === 'Lgaai' ? 'sp-back' : 'sp-lay'} sp-best ex-cell`}
            disabled={off || rate <= 0}
            aria-label={t('matchOdds.price', { kind: kindLabel(kind), team: s.name, rate: formatRate(rate) })}
            data-testid={`ex-${kind.toLowerCase()}-${i}`}
            onClick={() => onPick({ market: 'runner', marketId: bm.marketId, teamIndex: i, label: s.name, kind })}
          >
            <Flash value={rate} className="sp-price">
              {formatRate(rate)}
            </Flash>
          </button>
        );
        return (
          <div key={s.id} className={`ex-row ${off ? 'ex-off' : ''}`} data-testid={`ex-team-${i}`}>
            <span className="ex-name">
              <span className="ex-label">{s.name}</span>
              <PlText value={teamPl(book, s.name)} testId={`ex-team-pl-${i}`} />
              {off && bm.status === 'OPEN' && <StatusBadge status={s.status} />}
            </span>
            {cell(LGAAI, s.backOdds)}
            {cell(KHAAI, s.layOdds)}
          </div>
        );
      })}
    </section>
  );
}
