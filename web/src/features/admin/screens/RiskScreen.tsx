/** Risk: money held for open bets (total and per table), the house result per game, the largest liabilities. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInr } from '@/lib/money';
import { useRisk } from '../api/risk-audit';
import { QueryState } from '../components/QueryState';
import { EmptyRow } from '@/components/EmptyRow';

const tone = (v: number) => (v > 0 ? 'pos' : v < 0 ? 'neg' : '');

export default function RiskScreen() {
  const { t } = useTranslation('admin');
  const q = useRisk();
  const r = q.data;
  return (
    <section className="admin-page" aria-labelledby="risk-title">
      <div className="admin-head">
        <h1 id="risk-title" className="page-title">
          {t('risk.title')}
        </h1>
      </div>
      <QueryState isPending={q.isPending} error={r ? null : q.error} what={t('what.risk')} />
      {r && (
        <>
          <div className="stat-grid">
            <div className="stat">
              <span className="muted small">{t('risk.exposureTotal')}</span>
              <b data-testid="exposure-total">{formatInr(r.exposureTotal)}</b>
            </div>
            {r.houseResult.map((h) => (
              <div className="stat" key={h.game}>
                <span className="muted small">{t('risk.houseToday', { game: h.game })}</span>
                <b className={tone(h.today)}>{formatInr(h.today)}</b>
              </div>
            ))}
          </div>
          <section className="card" aria-labelledby="risk-tables">
            <h2 id="risk-tables" className="card-title">
              {t('risk.perTable')}
            </h2>
            <div className="table-wrap">
              <table className="table admin-table">
                <thead>
                  <tr>
                    <th>{t('risk.col.game')}</th>
                    <th>{t('risk.col.table')}</th>
                    <th className="num">{t('risk.col.openBets')}</th>
                    <th className="num">{t('risk.col.exposure')}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.tables.map((row) => (
                    <tr key={`${row.game}-${row.table}`}>
                      <td data-label={t('risk.col.game')}>{row.game}</td>
                      <td data-label={t('risk.col.table')}>{row.table}</td>
                      <td data-label={t('risk.col.openBets')} className="num">
                        {row.openBets}
                      </td>
                      <td data-label={t('risk.col.exposure')} className="num">
                        {formatInr(row.exposure)}
                      </td>
                    </tr>
                  ))}
                  {r.tables.length === 0 && <EmptyRow cols={4}>{t('risk.noTables')}</EmptyRow>}
                </tbody>
              </table>
            </div>
          </section>
          <section className="card" aria-labelledby="risk-house">
            <h2 id="risk-house" className="card-title">
              {t('risk.houseResult')}
            </h2>
            <p className="hint">{t('risk.houseHint')}</p>
            <div className="table-wrap">
              <table className="table admin-table" data-testid="house-result">
                <thead>
                  <tr>
                    <th>{t('risk.col.game')}</th>
                    <th className="num">{t('risk.col.today')}</th>
                    <th className="num">{t('risk.col.allTime')}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.houseResult.map((h) => (
                    <tr key={h.game}>
                      <td data-label={t('risk.col.game')}>{h.game}</td>
                      <td data-label={t('risk.col.today')} className={`num ${tone(h.today)}`}>
                        {formatInr(h.today)}
                      </td>
                      <td data-label={t('risk.col.allTime')} className={`num ${tone(h.allTime)}`}>
                        {formatInr(h.allTime)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="card" aria-labelledby="risk-largest">
            <h2 id="risk-largest" className="card-title">
              {t('risk.largest')}
            </h2>
            <div className="table-wrap">
              <table className="table admin-table">
                <thead>
                  <tr>
                    <th>{t('risk.col.userNo')}</th>
                    <th>{t('risk.col.name')}</th>
                    <th className="num">{t('risk.col.exposure')}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.largest.map((u) => (
                    <tr key={String(u.userId)}>
                      <td data-label={t('risk.col.userNo')}>
                        <Link to={`/admin/money/users/${encodeURIComponent(String(u.userId))}`}>
                          {String(u.userNo)}
                        </Link>
                      </td>
                      <td data-label={t('risk.col.name')}>{u.name}</td>
                      <td data-label={t('risk.col.exposure')} className="num">
                        {formatInr(u.exposure)}
                      </td>
                    </tr>
                  ))}
                  {r.largest.length === 0 && <EmptyRow cols={3}>{t('risk.nobody')}</EmptyRow>}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </section>
  );
}
