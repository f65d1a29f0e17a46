import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countdown } from '@/lib/countdown';
import { nextDue, resultLine } from '../market';
import { BACK_MARK } from '../paths';
import type { Market } from '../api/types';
import { StatusBadge } from './StatusBadge';

/** The top of the Play and bid screens: back, the market, its badge, its result so far and what is due next. */
export function MarketHeader({ m, now, title, back }: { m: Market; now: number; title?: string; back: string }) {
  const { t } = useTranslation('matka');
  const due = nextDue(m, now);
  return (
    <header className="mk-bar">
      <Link to={back} className="mk-back" aria-label={t('back')}>
        {BACK_MARK}
      </Link>
      <div className="mk-bar-main">
        <h1>
          {m.marketName}
          {title && <span className="mk-bar-type"> · {title}</span>}
        </h1>
        <p className="mk-bar-sub">
          <span className="mono">{resultLine(m)}</span>
          {due && (
            <span data-testid="matka-due">
              {due.label} {countdown(due.ms)}
            </span>
          )}
        </p>
      </div>
      <StatusBadge status={m.closeStatus} />
    </header>
  );
}
