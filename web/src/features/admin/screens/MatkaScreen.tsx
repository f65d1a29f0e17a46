/**
 * Matka markets: the list with each market's current draw; a new market; for the chosen one its settings (name,
 * schedule, active) and a draw's book, a candidate result's cost, and the declarations of a declared market.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Market } from '../../matka/api/types';
import { useMatkaMarkets } from '../api/matka';
import { FlagBadge } from '../components/Badges';
import { EmptyRow } from '../components/EmptyRow';
import { MatkaDrawPanel } from '../components/MatkaDrawPanel';
import { EditMarketForm, NewMarketForm } from '../components/MatkaMarketForms';
import { QueryState } from '../components/QueryState';

const result = (m: Market) => `${m.openNumber}-${m.jodiDigit}-${m.closeNumber}`;

function MarketRow({ m, chosen, onChoose }: { m: Market; chosen: boolean; onChoose: () => void }) {
  return (
    <tr data-testid={`matka-row-${m.id}`} data-name={m.marketName} className={chosen ? 'matka-chosen' : ''}>
      <td data-label="Market">
        <b>{m.marketName}</b> <span className="muted small">#{m.id}</span>
      </td>
      <td data-label="Results">{m.mode === 'drawn' ? 'drawn' : 'declared'}</td>
      <td data-label="Status">
        <span className={`status status-${m.closeStatus === 'Closed' ? 'rejected' : m.closeStatus === 'Close' ? 'pending' : 'approved'}`}>{m.closeStatus}</span>
      </td>
      <td data-label="Open – close (IST)">
        {m.openTime} – {m.closeTime}
      </td>
      <td data-label="Draw" className="num">
        {m.drawNo ?? '—'}
      </td>
      <td data-label="Result" className="mono">
        {result(m)}
      </td>
      <td data-label="Last result" className="mono">
        {m.lastResult ?? '—'}
      </td>
      <td data-label="Active">
        <FlagBadge on={!m.active} yes="Inactive" no="Active" />
      </td>
      <td data-label="">
        <button type="button" className="btn btn-small btn-outline" onClick={onChoose} aria-pressed={chosen} data-testid={`matka-manage-${m.id}`}>
          {chosen ? 'Managing' : 'Manage'}
        </button>
      </td>
    </tr>
  );
}

export default function MatkaScreen() {
  const q = useMatkaMarkets();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const markets = q.data?.markets ?? [];
  const chosenId = Number(params.get('market'));
  const chosen = markets.find((m) => m.id === chosenId);
  return (
    <section className="admin-page" aria-labelledby="matka-title">
      <div className="admin-head">
        <h1 id="matka-title" className="page-title">
          Matka markets
        </h1>
        <button type="button" className="btn btn-small btn-primary" onClick={() => setCreating(true)} disabled={creating} data-testid="matka-new">
          New market
        </button>
      </div>
      {creating && <NewMarketForm onClose={() => setCreating(false)} />}
      <section className="card">
        <QueryState isPending={q.isPending} error={q.data ? null : q.error} what="Markets" />
        <div className="table-wrap">
          <table className="table admin-table" data-testid="matka-markets-table">
            <thead>
              <tr>
                <th>Market</th>
                <th>Results</th>
                <th>Status</th>
                <th>Open – close (IST)</th>
                <th className="num">Draw</th>
                <th>Result</th>
                <th>Last result</th>
                <th>Active</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {markets.map((m) => (
                <MarketRow key={m.id} m={m} chosen={m.id === chosen?.id} onChoose={() => setParams({ market: String(m.id) })} />
              ))}
              {q.data && markets.length === 0 && <EmptyRow cols={9}>No markets yet.</EmptyRow>}
            </tbody>
          </table>
        </div>
        <p className="hint">Rates and points per number: Games → Matka.</p>
      </section>
      {chosen && (
        <section className="card matka-manage" aria-label={`Manage ${chosen.marketName}`} data-testid="matka-manage">
          <div className="admin-head">
            <h2 className="card-title">
              {chosen.marketName} <span className="muted small">#{chosen.id} · {chosen.mode}</span>
            </h2>
            <button type="button" className="btn btn-small btn-outline" onClick={() => setParams({})}>
              Close
            </button>
          </div>
          {/* A changed row (a save, a new day) restarts the forms from it. */}
          <EditMarketForm key={`${chosen.id}:${chosen.marketName}:${chosen.active}:${chosen.openTime.length}`} market={chosen} />
          <MatkaDrawPanel key={chosen.id} market={chosen} now={q.data?.serverTime ?? 0} />
        </section>
      )}
    </section>
  );
}
