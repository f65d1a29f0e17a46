/** Risk: money held for open bets (total and per table), the house result per game, the largest liabilities. */
import { Link } from 'react-router';
import { formatInr } from '@/lib/money';
import { useRisk } from '../api/risk-audit';
import { QueryState } from '../components/QueryState';
import { EmptyRow } from '../components/EmptyRow';

const tone = (v: number) => (v > 0 ? 'pos' : v < 0 ? 'neg' : '');

export default function RiskScreen() {
  const q = useRisk();
  const r = q.data;
  return (
    <section className="admin-page" aria-labelledby="risk-title">
      <div className="admin-head">
        <h1 id="risk-title" className="page-title">
          Risk
        </h1>
      </div>
      <QueryState isPending={q.isPending} error={r ? null : q.error} what="Risk" />
      {r && (
        <>
          <div className="stat-grid">
            <div className="stat">
              <span className="muted small">Exposure total</span>
              <b data-testid="exposure-total">{formatInr(r.exposureTotal)}</b>
            </div>
            {r.houseResult.map((h) => (
              <div className="stat" key={h.game}>
                <span className="muted small">House today · {h.game}</span>
                <b className={tone(h.today)}>{formatInr(h.today)}</b>
              </div>
            ))}
          </div>
          <section className="card" aria-labelledby="risk-tables">
            <h2 id="risk-tables" className="card-title">
              Exposure per table
            </h2>
            <div className="table-wrap">
              <table className="table admin-table">
                <thead>
                  <tr>
                    <th>Game</th>
                    <th>Table</th>
                    <th className="num">Open bets</th>
                    <th className="num">Exposure</th>
                  </tr>
                </thead>
                <tbody>
                  {r.tables.map((t) => (
                    <tr key={`${t.game}-${t.table}`}>
                      <td data-label="Game">{t.game}</td>
                      <td data-label="Table">{t.table}</td>
                      <td data-label="Open bets" className="num">{t.openBets}</td>
                      <td data-label="Exposure" className="num">{formatInr(t.exposure)}</td>
                    </tr>
                  ))}
                  {r.tables.length === 0 && (
                    <EmptyRow cols={4}>No tables.</EmptyRow>
                  )}
                </tbody>
              </table>
            </div>
          </section>
          <section className="card" aria-labelledby="risk-house">
            <h2 id="risk-house" className="card-title">
              House result
            </h2>
            <p className="hint">What the house won (positive) or lost, from the ledger.</p>
            <div className="table-wrap">
              <table className="table admin-table" data-testid="house-result">
                <thead>
                  <tr>
                    <th>Game</th>
                    <th className="num">Today</th>
                    <th className="num">All time</th>
                  </tr>
                </thead>
                <tbody>
                  {r.houseResult.map((h) => (
                    <tr key={h.game}>
                      <td data-label="Game">{h.game}</td>
                      <td data-label="Today" className={`num ${tone(h.today)}`}>{formatInr(h.today)}</td>
                      <td data-label="All time" className={`num ${tone(h.allTime)}`}>{formatInr(h.allTime)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="card" aria-labelledby="risk-largest">
            <h2 id="risk-largest" className="card-title">
              Largest liabilities
            </h2>
            <div className="table-wrap">
              <table className="table admin-table">
                <thead>
                  <tr>
                    <th>User no.</th>
                    <th>Name</th>
                    <th className="num">Exposure</th>
                  </tr>
                </thead>
                <tbody>
                  {r.largest.map((u) => (
                    <tr key={String(u.userId)}>
                      <td data-label="User no.">
                        <Link to={`/admin/money/users/${encodeURIComponent(String(u.userId))}`}>{String(u.userNo)}</Link>
                      </td>
                      <td data-label="Name">{u.name}</td>
                      <td data-label="Exposure" className="num">{formatInr(u.exposure)}</td>
                    </tr>
                  ))}
                  {r.largest.length === 0 && (
                    <EmptyRow cols={3}>Nobody holds money in open bets.</EmptyRow>
                  )}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </section>
  );
}
