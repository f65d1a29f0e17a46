import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { AviatorCaps } from '../api/types';
import { capsRows } from '../settings';

/** The caps the round in play is played by (fixed when it opened): the bankroll, the round's cap, the cap per player. */
export function AviatorCapsPanel({ caps }: { caps: AviatorCaps }) {
  const { t } = useTranslation('adminGames');
  return (
    <div className="fairness" data-testid="aviator-caps">
      <h3 className="card-title">{t('games.aviator.caps.title')}</h3>
      <dl className="kv kv-wide">
        {capsRows(caps).map((r) => (
          <Fragment key={r.key}>
            <dt>{t(`games.aviator.caps.${r.key}`)}</dt>
            <dd data-testid={`aviator-caps-${r.key}`}>{r.value}</dd>
          </Fragment>
        ))}
      </dl>
      <p className="hint">{t('games.aviator.caps.hint')}</p>
    </div>
  );
}
