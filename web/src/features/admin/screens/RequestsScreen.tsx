/** Deposits and withdrawals, pending first: approve or reject each. */
import { useState } from 'react';
import { Link } from 'react-router';
import { formatInr } from '@/lib/money';
import { useAdminDeposits, useAdminWithdrawals, type StatusFilter } from '../api/money';
import { RequestBadge } from '../components/Badges';
import { DecisionButtons } from '../components/DecisionButtons';
import { QueryState } from '../components/QueryState';
import { dateTime } from '../format';
import { EmptyRow } from '../components/EmptyRow';

const userLink = (user: string | number, name: string) => <Link to={`/admin/money/users/${encodeURIComponent(String(user))}`}>{name || String(user)}</Link>;

function Deposits({ status, onError }: { status: StatusFilter; onError: (m: string) => void }) {
  const q = useAdminDeposits(status);
  const rows = q.data ?? [];
  return (
    <section className="card" aria-labelledby="deposits-title">
      <h2 id="deposits-title" className="card-title">
        Deposits <span className="count">{rows.length}</span>
      </h2>
      <QueryState isPending={q.isPending} error={q.error} what="Deposits" />
      <div className="table-wrap">
        <table className="table admin-table" data-testid="deposits-table">
          <thead>
            <tr>
              <th>User</th>
              <th>Phone</th>
              <th className="num">Amount</th>
              <th>UTR</th>
              <th>Requested</th>
              <th>Status</th>
              <th>Decision</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={String(d.id)} data-testid={`deposit-${d.id}`}>
                <td data-label="User">{userLink(d.user, d.userName)}</td>
                <td data-label="Phone">{d.phoneNumber}</td>
                <td data-label="Amount" className="num">{formatInr(d.deposite)}</td>
                <td data-label="UTR" className="mono">{d.Utr}</td>
                <td data-label="Requested">{dateTime(d.createdAt)}</td>
                <td data-label="Status">
                  <RequestBadge status={d.status} />
                </td>
                <td data-label="Decision">{d.status === 'Pending' ? <DecisionButtons kind="deposits" id={d.id} label={`deposit ${d.Utr}`} onError={onError} /> : dateTime(d.decidedAt)}</td>
              </tr>
            ))}
            {q.data && rows.length === 0 && (
              <EmptyRow cols={7}>No {status === 'all' ? '' : status} deposits.</EmptyRow>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Withdrawals({ status, onError }: { status: StatusFilter; onError: (m: string) => void }) {
  const q = useAdminWithdrawals(status);
  const rows = q.data ?? [];
  return (
    <section className="card" aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title" className="card-title">
        Withdrawals <span className="count">{rows.length}</span>
      </h2>
      <QueryState isPending={q.isPending} error={q.error} what="Withdrawals" />
      <div className="table-wrap">
        <table className="table admin-table" data-testid="withdrawals-table">
          <thead>
            <tr>
              <th>User</th>
              <th>UPI ID</th>
              <th>Phone</th>
              <th className="num">Amount</th>
              <th>Requested</th>
              <th>Status</th>
              <th>Decision</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((w) => (
              <tr key={String(w.id)} data-testid={`withdrawal-${w.id}`}>
                <td data-label="User">{userLink(w.user, w.userName)}</td>
                <td data-label="UPI ID" className="mono">{w.upi_id}</td>
                <td data-label="Phone">{w.phoneNumber}</td>
                <td data-label="Amount" className="num">{formatInr(w.withdrawAmount)}</td>
                <td data-label="Requested">{dateTime(w.createdAt)}</td>
                <td data-label="Status">
                  <RequestBadge status={w.status} />
                </td>
                <td data-label="Decision">
                  {w.status === 'Pending' ? <DecisionButtons kind="withdrawals" id={w.id} label={`withdrawal ${formatInr(w.withdrawAmount)} to ${w.upi_id}`} onError={onError} /> : dateTime(w.decidedAt)}
                </td>
              </tr>
            ))}
            {q.data && rows.length === 0 && (
              <EmptyRow cols={7}>No {status === 'all' ? '' : status} withdrawals.</EmptyRow>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function RequestsScreen() {
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [notice, setNotice] = useState('');
  return (
    <>
      <div className="admin-head">
        <h1 className="page-title">Deposits &amp; withdrawals</h1>
        <label className="inline-field">
          <span className="muted small">Show</span>
          <select value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)} aria-label="Show requests">
            <option value="pending">Pending</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
            <option value="all">All</option>
          </select>
        </label>
      </div>
      {notice && (
        <div className="form-error notice" role="alert" data-testid="decision-notice">
          <span>{notice}</span>
          <button type="button" className="ghost-btn" aria-label="Dismiss" onClick={() => setNotice('')}>
            ×
          </button>
        </div>
      )}
      <Deposits status={status} onError={setNotice} />
      <Withdrawals status={status} onError={setNotice} />
    </>
  );
}
