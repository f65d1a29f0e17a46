import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/i18n/format';
import { formatInr } from '@/lib/money';
import { useDeposits } from '../api/get-deposits';
import { useWithdrawals } from '../api/get-withdrawals';
import { StatusBadge } from './StatusBadge';
import { Tabs } from '@/components/Tabs';

export function TransactionsPage({ userId }: { userId: string | null }) {
  const { t } = useTranslation('wallet');
  const [tab, setTab] = useState<'withdraw' | 'deposit'>('withdraw');
  const withdrawals = useWithdrawals(userId);
  const deposits = useDeposits(userId);
  return (
    <div className="page">
      <h1 className="page-title">{t('transactions.title')}</h1>
      <Tabs
        options={[
          { id: 'withdraw', label: t('transactions.withdrawTab') },
          { id: 'deposit', label: t('transactions.depositTab') },
        ]}
        value={tab}
        onChange={setTab}
      />
      <div className="table-wrap">
        {tab === 'withdraw' ? (
          <table className="table">
            <thead>
              <tr>
                <th>{t('transactions.userName')}</th>
                <th>{t('transactions.upiId')}</th>
                <th>{t('transactions.phone')}</th>
                <th>{t('transactions.withdraw')}</th>
                <th>{t('transactions.dateTime')}</th>
                <th>{t('transactions.status')}</th>
              </tr>
            </thead>
            <tbody>
              {(withdrawals.data ?? []).map((w) => (
                <tr key={String(w.id ?? w._id)}>
                  <td>{w.userName}</td>
                  <td>{w.upi_id}</td>
                  <td>{w.phoneNumber}</td>
                  <td>{formatInr(w.withdrawAmount)}</td>
                  <td>{formatDateTime(w.createdAt)}</td>
                  <td>
                    <StatusBadge status={w.status} />
                  </td>
                </tr>
              ))}
              {withdrawals.data?.length === 0 || withdrawals.isError ? (
                <tr>
                  <td colSpan={6} className="empty">
                    {t('transactions.noWithdrawals')}
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th>{t('transactions.userName')}</th>
                <th>{t('transactions.mobileNo')}</th>
                <th>{t('transactions.deposit')}</th>
                <th>{t('transactions.utr')}</th>
                <th>{t('transactions.status')}</th>
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
                    {t('transactions.noDeposits')}
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
