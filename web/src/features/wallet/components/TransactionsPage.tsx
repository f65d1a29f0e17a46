import { useState } from 'react';
import { formatInr } from '@/lib/money';
import { useDeposits } from '../api/get-deposits';
import { useWithdrawals } from '../api/get-withdrawals';
import { StatusBadge } from './StatusBadge';

const dateTime = (iso: string) => (iso ? new Date(iso).toLocaleString('en-IN') : '');

export function TransactionsPage({ userId }: { userId: string | null }) {
  const [tab, setTab] = useState<'withdraw' | 'deposit'>('withdraw');
  const withdrawals = useWithdrawals(userId);
  const deposits = useDeposits(userId);
  return (
    <div className="page">
      <h1 className="page-title">Transactions</h1>
      <div className="tabs" role="tablist">
        <button role="tab" aria-selected={tab === 'withdraw'} className={tab === 'withdraw' ? 'active' : ''} onClick={() => setTab('withdraw')}>
          Withdraw
        </button>
        <button role="tab" aria-selected={tab === 'deposit'} className={tab === 'deposit' ? 'active' : ''} onClick={() => setTab('deposit')}>
          Deposit
        </button>
      </div>
      <div className="table-wrap">
        {tab === 'withdraw' ? (
          <table className="table">
            <thead>
              <tr>
                <th>UserName</th>
                <th>UPI ID</th>
                <th>Phone</th>
                <th>Withdraw</th>
                <th>Date &amp; Time</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {(withdrawals.data ?? []).map((w) => (
                <tr key={String(w.id ?? w._id)}>
                  <td>{w.userName}</td>
                  <td>{w.upi_id}</td>
                  <td>{w.phoneNumber}</td>
                  <td>{formatInr(w.withdrawAmount)}</td>
                  <td>{dateTime(w.createdAt)}</td>
                  <td>
                    <StatusBadge status={w.status} />
                  </td>
                </tr>
              ))}
              {withdrawals.data?.length === 0 || withdrawals.isError ? (
                <tr>
                  <td colSpan={6} className="empty">
                    No withdrawals found
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th>UserName</th>
                <th>Mobile No</th>
                <th>Deposit</th>
                <th>UTR NO</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {(deposits.data ?? []).map((d) => (
                <tr key={String(d.id ?? d._id)}>
                  <td>{d.userName}</td>
                  <td>{d.phoneNumber}</td>
                  <td>{formatInr(d.deposite)}</td>
                  <td>{d.Utr}</td>
                  <td>
                    <StatusBadge status={d.status} />
                  </td>
                </tr>
              ))}
              {deposits.data?.length === 0 || deposits.isError ? (
                <tr>
                  <td colSpan={5} className="empty">
                    No deposits found
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
