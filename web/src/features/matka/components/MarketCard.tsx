import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countdown } from '@/lib/countdown';
import { clock12, isPlayable, isQuick, nextDue, resultLine } from '../market';
import { CHART_MARK, chartPath, playPath } from '../paths';
import type { Market } from '../api/types';
import { StatusBadge } from './StatusBadge';

/** One market: its result so far, the badge, open and close times (IST), what is due next, Chart and Play. */
export function MarketCard({ m, now }: { m: Market; now: number }) {
  const { t } = useTranslation('matka');
  const playable = isPlayable(m);
  const due = nextDue(m, now);
  const quick = isQuick(m);
  return (
    <article
      className={`mk-market mk-market-${m.closeStatus.toLowerCase()}`}
      data-testid={`matka-market-${m.id}`}
      data-name={m.marketName}
      data-status={m.closeStatus}
      data-draw-no={m.drawNo ?? ''}
    >
      <header className="mk-market-head">
        <h2 className="mk-market-name">{m.marketName}</h2>
        <StatusBadge status={m.closeStatus} />
      </header>
      <p className="mk-result" data-testid="matka-result" aria-label={t('market.result', { result: resultLine(m) })}>
        {resultLine(m)}
      </p>
      <dl className="mk-times">
        <div>
          <dt>{t('market.open')}</dt>
          <dd>{clock12(m.openTime)}</dd>
        </div>
        <div>
          <dt>{t('market.close')}</dt>
          <dd>{clock12(m.closeTime)}</dd>
        </div>
      </dl>
      {(due || (quick && m.lastResult)) && (
        <p className="mk-due">
          {due && (
            <span data-testid="matka-due">
              {due.label} <b>{countdown(due.ms)}</b>
            </span>
          )}
          {quick && m.lastResult && (
            <span className="mk-last" data-testid="matka-last">
              {t('market.last')} <b>{m.lastResult}</b>
            </span>
          )}
        </p>
      )}
      <div className="mk-market-actions">
        <Link to={chartPath(m.id)} className="mk-chart-tile" data-testid="matka-chart-link">
          <span aria-hidden>{CHART_MARK}</span> {t('market.chart')}
        </Link>
        {playable ? (
          <Link to={playPath(m)} className="btn btn-primary mk-play" data-testid="matka-play">
            {t('market.play')}
          </Link>
        ) : (
          <span className="btn mk-play mk-play-off" aria-disabled="true" data-testid="matka-play">
            {t('market.closed')}
          </span>
        )}
      </div>
    </article>
  );
}
