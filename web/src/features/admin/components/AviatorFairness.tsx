import { useTranslation } from 'react-i18next';
import { formatCount } from '../actors';
import type { Fairness } from '../api/types';
import { showSetting } from '../settings';

/** Aviator's hash chain: where it starts, how long it is, what is left, its edge. */
export function AviatorFairness({ f }: { f: Fairness }) {
  const { t } = useTranslation('adminGames');
  const edge = showSetting('houseEdgeBp', f.houseEdgeBp);
  return (
    <div className="fairness">
      <h3 className="card-title">{t('games.fairness.title')}</h3>
      <dl className="kv kv-wide">
        <dt>{t('games.fairness.chainStart')}</dt>
        <dd>{String(f.chainFirstRound ?? '—')}</dd>
        <dt>{t('games.fairness.chainLength')}</dt>
        <dd>{formatCount(f.chainLength)}</dd>
        <dt>{t('games.fairness.roundsLeft')}</dt>
        <dd>{formatCount(f.roundsLeft)}</dd>
        <dt>{t('games.fairness.nextCommitted')}</dt>
        <dd>{t(f.nextChainCommitted ? 'admin:common.yes' : 'admin:common.no')}</dd>
        <dt>{t('games.fairness.edge')}</dt>
        <dd>{edge}</dd>
      </dl>
    </div>
  );
}
