/**
 * Hold: each game's (and exchange market type's) turnover, payouts and GGR over a range of IST days, the realised hold
 * against the theoretical one with its 99 % band, the games outside it, the players whose return is too good to be
 * luck, and the same day by day.
 */
import { useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type CellAttrs, type Column } from '@/components/DataTable';
import { formatInr } from '@/lib/money';
import { DAILY_MAX_DAYS, useHold, useHoldDaily, type HoldGame } from '../api/hold';
import { QueryState } from '../components/QueryState';
import { addDays, istDate, pct, rangeQuery, signed, verdict, type Verdict } from '../hold';
import { Card } from '@/components/Card';
import { AdminPage } from '../components/AdminPage';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const tone = (v: number) => (v > 0 ? 'pos' : v < 0 ? 'neg' : '');
const BADGE: Partial<Record<Verdict, string>> = {
  inBand: 'status status-approved',
  outOfBand: 'status status-rejected',
};

function days(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) + 1;
}

function VerdictBadge({ g }: { g: HoldGame }) {
  const { t } = useTranslation('adminHold');
  const v = verdict(g);
  return (
    <span className={BADGE[v] ?? 'muted small'} data-verdict={v}>
      {t(`verdict.${v}`)}
    </span>
  );
}

/** The columns every game row shares, from turnover to the verdict; `gameOf`: the row's game. */
function figureColumns<R>(t: TFunction<'adminHold'>, locale: string, gameOf: (r: R) => HoldGame): Column<R>[] {
  const figure = (key: string, value: (g: HoldGame) => ReactNode, td?: (g: HoldGame) => CellAttrs): Column<R> => ({
    label: t(`col.${key}`),
    num: true,
    td: td && ((r) => td(gameOf(r))),
    cell: (r) => value(gameOf(r)),
  });
  return [
    figure('bets', (g) => g.bets),
    figure('turnover', (g) => formatInr(g.turnover)),
    figure('payouts', (g) => formatInr(g.payouts)),
    figure(
      'ggr',
      (g) => formatInr(g.ggr),
      (g) => ({ className: tone(g.ggr) }),
    ),
    figure(
      'realised',
      (g) => pct(g.realisedHold, locale),
      (g) => ({ 'data-testid': `realised-${g.game}` }),
    ),
    figure(
      'theoretical',
      (g) => (
        <>
          {pct(g.theoreticalHold, locale)}
          {g.theoreticalHold !== null && g.coveredTurnover < g.turnover && (
            <span className="muted small"> {t('covered', { amount: formatInr(g.coveredTurnover) })}</span>
          )}
        </>
      ),
      (g) => ({ 'data-testid': `theoretical-${g.game}` }),
    ),
    figure('band', (g) => (g.band ? t('band', { low: pct(g.band.low, locale), high: pct(g.band.high, locale) }) : '—')),
    figure('z', (g) => signed(g.z)),
    { label: t('col.status'), cell: (r) => <VerdictBadge g={gameOf(r)} /> },
  ];
}

export default function HoldScreen() {
  const { t, i18n } = useTranslation('adminHold');
  const locale = i18n.language === 'hi' ? 'hi-IN' : 'en-IN';
  // The day the screen opened in India: the default range and the latest day to pick.
  const [today] = useState(() => istDate(Date.now()));
  const [first, setFirst] = useState(today);
  const [last, setLast] = useState(today);
  const valid = DATE.test(first) && DATE.test(last) && first <= last;
  const range = rangeQuery(first, last);
  const span = valid ? days(first, last) : 0;
  const q = useHold(range, valid);
  const daily = useHoldDaily(range, valid && span <= DAILY_MAX_DAYS);
  const r = valid ? q.data : undefined;
  const preset = (n: number) => {
    setFirst(addDays(today, 1 - n));
    setLast(today);
  };
  const outside = r?.games.filter((g) => g.outOfBand) ?? [];
  const name = (game: string) => t(`game.${game}`, { defaultValue: game });
  const dailyRows = daily.data?.days.flatMap((d) => d.games.map((g) => ({ day: d.day, g }))) ?? [];
  return (
    <AdminPage
      id="hold-title"
      title={t('title')}
      head={q.isFetching && <span className="muted small">{t('refreshing')}</span>}
    >
      <p className="hint">{t('intro')}</p>
      <div className="form-row">
        <div className="field">
          <label htmlFor="hold-from">{t('range.from')}</label>
          <input id="hold-from" type="date" value={first} max={today} onChange={(e) => setFirst(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="hold-to">{t('range.to')}</label>
          <input id="hold-to" type="date" value={last} max={today} onChange={(e) => setLast(e.target.value)} />
        </div>
        <div className="decision-buttons">
          <button type="button" className="btn btn-small btn-outline" onClick={() => preset(1)}>
            {t('range.today')}
          </button>
          <button type="button" className="btn btn-small btn-outline" onClick={() => preset(7)}>
            {t('range.week')}
          </button>
          <button type="button" className="btn btn-small btn-outline" onClick={() => preset(30)}>
            {t('range.month')}
          </button>
        </div>
      </div>
      {!valid && (
        <p className="form-error" role="alert">
          {t('range.invalid')}
        </p>
      )}
      {valid && <QueryState isPending={q.isPending} error={r ? null : q.error} what={t('what')} />}
      {r && (
        <>
          <p
            role="status"
            className={outside.length || r.players.length ? 'form-error' : 'muted'}
            data-testid="hold-alerts"
          >
            {outside.length === 0 && r.players.length === 0
              ? t('alerts.none')
              : [
                  outside.length > 0 ? t('alerts.games', { games: outside.map((g) => name(g.game)).join(', ') }) : '',
                  r.players.length > 0 ? t('alerts.players', { count: r.players.length }) : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
          </p>
          <Card
            id="hold-games"
            title={t('games.title')}
            hint={t('games.hint', { z: r.rules.bandZ.toFixed(2), units: r.rules.minUnits })}
          >
            <DataTable
              testId="hold-games"
              rows={r.games}
              rowKey={(g) => g.game}
              row={(g) => ({ 'data-testid': `hold-game-${g.game}` })}
              columns={[
                { label: t('col.game'), cell: (g) => name(g.game) },
                ...figureColumns<HoldGame>(t, locale, (g) => g),
              ]}
            />
          </Card>
          <Card
            id="hold-players"
            title={t('players.title')}
            hint={t('players.hint', { bets: r.rules.playerMinBets, z: r.rules.playerZ })}
          >
            <DataTable
              testId="hold-players"
              rows={r.players}
              rowKey={(p) => p.userId}
              empty={t('players.none')}
              columns={[
                {
                  label: t('col.user'),
                  cell: (p) => (
                    <Link to={`/admin/money/users/${encodeURIComponent(String(p.userId))}`}>{String(p.userNo)}</Link>
                  ),
                },
                { label: t('col.name'), cell: (p) => p.name },
                { label: t('col.bets'), num: true, cell: (p) => p.bets },
                { label: t('col.turnover'), num: true, cell: (p) => formatInr(p.turnover) },
                { label: t('col.return'), num: true, cell: (p) => pct(p.return, locale) },
                { label: t('col.expected'), num: true, cell: (p) => pct(p.expectedReturn, locale) },
                { label: t('col.z'), num: true, cell: (p) => signed(p.z) },
              ]}
            />
          </Card>
          <Card id="hold-daily" title={t('daily.title')}>
            {span > DAILY_MAX_DAYS ? (
              <p className="hint">{t('daily.tooLong', { days: DAILY_MAX_DAYS })}</p>
            ) : (
              <>
                <QueryState
                  isPending={daily.isPending}
                  error={daily.data ? null : daily.error}
                  what={t('daily.title')}
                />
                <DataTable
                  testId="hold-daily"
                  rows={dailyRows}
                  rowKey={({ day, g }) => `${day}-${g.game}`}
                  empty={daily.data ? t('daily.none') : undefined}
                  columns={[
                    { label: t('col.day'), cell: ({ day }) => day },
                    { label: t('col.game'), cell: ({ g }) => name(g.game) },
                    ...figureColumns(t, locale, ({ g }: { g: HoldGame }) => g),
                  ]}
                />
              </>
            )}
          </Card>
        </>
      )}
    </AdminPage>
  );
}
