/**
 * Hold: each game's (and exchange market type's) turnover, payouts and GGR over a range of IST days, the realised hold
 * against the theoretical one with its 99 % band, the games outside it, the players whose return is too good to be
 * luck, and the same day by day.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInr } from '@/lib/money';
import { DAILY_MAX_DAYS, useHold, useHoldDaily, type HoldGame } from '../api/hold';
import { EmptyRow } from '../components/EmptyRow';
import { QueryState } from '../components/QueryState';
import { addDays, istDate, pct, rangeQuery, signed, verdict, type Verdict } from '../hold';

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

/** The columns every game row shares, from turnover to the verdict. */
function Figures({ g, locale }: { g: HoldGame; locale: string }) {
  const { t } = useTranslation('adminHold');
  const partial = g.theoreticalHold !== null && g.coveredTurnover < g.turnover;
  return (
    <>
      <td data-label={t('col.bets')} className="num">
        {g.bets}
      </td>
      <td data-label={t('col.turnover')} className="num">
        {formatInr(g.turnover)}
      </td>
      <td data-label={t('col.payouts')} className="num">
        {formatInr(g.payouts)}
      </td>
      <td data-label={t('col.ggr')} className={`num ${tone(g.ggr)}`}>
        {formatInr(g.ggr)}
      </td>
      <td data-label={t('col.realised')} className="num" data-testid={`realised-${g.game}`}>
        {pct(g.realisedHold, locale)}
      </td>
      <td data-label={t('col.theoretical')} className="num" data-testid={`theoretical-${g.game}`}>
        {pct(g.theoreticalHold, locale)}
        {partial && <span className="muted small"> {t('covered', { amount: formatInr(g.coveredTurnover) })}</span>}
      </td>
      <td data-label={t('col.band')} className="num">
        {g.band ? t('band', { low: pct(g.band.low, locale), high: pct(g.band.high, locale) }) : '—'}
      </td>
      <td data-label={t('col.z')} className="num">
        {signed(g.z)}
      </td>
      <td data-label={t('col.status')}>
        <VerdictBadge g={g} />
      </td>
    </>
  );
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
    <section className="admin-page" aria-labelledby="hold-title">
      <div className="admin-head">
        <h1 id="hold-title" className="page-title">
          {t('title')}
        </h1>
        {q.isFetching && <span className="muted small">{t('refreshing')}</span>}
      </div>
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
          <section className="card" aria-labelledby="hold-games">
            <h2 id="hold-games" className="card-title">
              {t('games.title')}
            </h2>
            <p className="hint">{t('games.hint', { z: r.rules.bandZ.toFixed(2), units: r.rules.minUnits })}</p>
            <div className="table-wrap">
              <table className="table admin-table" data-testid="hold-games">
                <thead>
                  <tr>
                    <th>{t('col.game')}</th>
                    <th className="num">{t('col.bets')}</th>
                    <th className="num">{t('col.turnover')}</th>
                    <th className="num">{t('col.payouts')}</th>
                    <th className="num">{t('col.ggr')}</th>
                    <th className="num">{t('col.realised')}</th>
                    <th className="num">{t('col.theoretical')}</th>
                    <th className="num">{t('col.band')}</th>
                    <th className="num">{t('col.z')}</th>
                    <th>{t('col.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.games.map((g) => (
                    <tr key={g.game} data-testid={`hold-game-${g.game}`}>
                      <td data-label={t('col.game')}>{name(g.game)}</td>
                      <Figures g={g} locale={locale} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="card" aria-labelledby="hold-players">
            <h2 id="hold-players" className="card-title">
              {t('players.title')}
            </h2>
            <p className="hint">{t('players.hint', { bets: r.rules.playerMinBets, z: r.rules.playerZ })}</p>
            <div className="table-wrap">
              <table className="table admin-table" data-testid="hold-players">
                <thead>
                  <tr>
                    <th>{t('col.user')}</th>
                    <th>{t('col.name')}</th>
                    <th className="num">{t('col.bets')}</th>
                    <th className="num">{t('col.turnover')}</th>
                    <th className="num">{t('col.return')}</th>
                    <th className="num">{t('col.expected')}</th>
                    <th className="num">{t('col.z')}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.players.map((p) => (
                    <tr key={p.userId}>
                      <td data-label={t('col.user')}>
                        <Link to={`/admin/money/users/${encodeURIComponent(String(p.userId))}`}>
                          {String(p.userNo)}
                        </Link>
                      </td>
                      <td data-label={t('col.name')}>{p.name}</td>
                      <td data-label={t('col.bets')} className="num">
                        {p.bets}
                      </td>
                      <td data-label={t('col.turnover')} className="num">
                        {formatInr(p.turnover)}
                      </td>
                      <td data-label={t('col.return')} className="num">
                        {pct(p.return, locale)}
                      </td>
                      <td data-label={t('col.expected')} className="num">
                        {pct(p.expectedReturn, locale)}
                      </td>
                      <td data-label={t('col.z')} className="num">
                        {signed(p.z)}
                      </td>
                    </tr>
                  ))}
                  {r.players.length === 0 && <EmptyRow cols={7}>{t('players.none')}</EmptyRow>}
                </tbody>
              </table>
            </div>
          </section>
          <section className="card" aria-labelledby="hold-daily">
            <h2 id="hold-daily" className="card-title">
              {t('daily.title')}
            </h2>
            {span > DAILY_MAX_DAYS ? (
              <p className="hint">{t('daily.tooLong', { days: DAILY_MAX_DAYS })}</p>
            ) : (
              <>
                <QueryState
                  isPending={daily.isPending}
                  error={daily.data ? null : daily.error}
                  what={t('daily.title')}
                />
                <div className="table-wrap">
                  <table className="table admin-table" data-testid="hold-daily">
                    <thead>
                      <tr>
                        <th>{t('col.day')}</th>
                        <th>{t('col.game')}</th>
                        <th className="num">{t('col.bets')}</th>
                        <th className="num">{t('col.turnover')}</th>
                        <th className="num">{t('col.payouts')}</th>
                        <th className="num">{t('col.ggr')}</th>
                        <th className="num">{t('col.realised')}</th>
                        <th className="num">{t('col.theoretical')}</th>
                        <th className="num">{t('col.band')}</th>
                        <th className="num">{t('col.z')}</th>
                        <th>{t('col.status')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {dailyRows.map(({ day, g }) => (
                        <tr key={`${day}-${g.game}`}>
                          <td data-label={t('col.day')}>{day}</td>
                          <td data-label={t('col.game')}>{name(g.game)}</td>
                          <Figures g={g} locale={locale} />
                        </tr>
                      ))}
                      {daily.data && dailyRows.length === 0 && <EmptyRow cols={11}>{t('daily.none')}</EmptyRow>}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </section>
        </>
      )}
    </section>
  );
}
