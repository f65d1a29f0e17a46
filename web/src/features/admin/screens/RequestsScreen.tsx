/** Deposits and withdrawals, pending first: approve or reject each. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInr } from '@/lib/money';
import { useAdminDeposits, useAdminWithdrawals, type StatusFilter } from '../api/money';
import { RequestBadge } from '../components/Badges';
import { DecisionButtons } from '../components/DecisionButtons';
import { QueryState } from '../components/QueryState';
import { dateTime } from '../format';
import { EmptyRow } from '../components/EmptyRow';

const userLink = (user: string | number, name: string) => (
  <Link to={`/admin/money/users/${encodeURIComponent(String(user))}`}>{name || String(user)}</Link>
);

function Deposits({ status, onError }: { status: StatusFilter; onError: (m: string) => void }) {
  const { t } = useTranslation('adminMoney');
  const q = useAdminDeposits(status);
  const rows = q.data ?? [];
  return (
    <section className="card" aria-labelledby="deposits-title">
      <h2 id="deposits-title" className="card-title">
        {t('requests.deposits')} <span className="count">{rows.length}</span>
      </h2>
      <QueryState isPending={q.isPending} error={q.error} what={t('admin:what.deposits')} />
      <div className="table-wrap">
        <table className="table admin-table" data-testid="deposits-table">
          <thead>
            <tr>
              <th>{t('requests.col.user')}</th>
              <th>{t('requests.col.phone')}</th>
              <th className="num">{t('requests.col.amount')}</th>
              <th>{t('requests.col.utr')}</th>
              <th>{t('requests.col.requested')}</th>
              <th>{t('requests.col.status')}</th>
              <th>{t('requests.col.decision')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={String(d.id)} data-testid={`deposit-${d.id}`}>
                <td data-label={t('requests.col.user')}>{userLink(d.user, d.userName)}</td>
                <td data-label={t('requests.col.phone')}>{d.phoneNumber}</td>
                <td data-label={t('requests.col.amount')} className="num">
                  {formatInr(d.deposite)}
                </td>
                <td data-label={t('requests.col.utr')} className="mono">
                  {d.Utr}
                </td>
                <td data-label={t('requests.col.requested')}>{dateTime(d.createdAt)}</td>
                <td data-label={t('requests.col.status')}>
                  <RequestBadge status={d.status} />
                </td>
                <td data-label={t('requests.col.decision')}>
                  {d.status === 'Pending' ? (
                    <DecisionButtons
                      kind="deposits"
                      id={d.id}
                      label={t('requests.depositLabel', { utr: d.Utr })}
                      onError={onError}
                    />
                  ) : (
                    dateTime(d.decidedAt)
                  )}
                </td>
              </tr>
            ))}
            {q.data && rows.length === 0 && <EmptyRow cols={7}>{t(`requests.noDeposits.${status}`)}</EmptyRow>}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Withdrawals({ status, onError }: { status: StatusFilter; onError: (m: string) => void }) {
  const { t } = useTranslation('adminMoney');
  const q = useAdminWithdrawals(status);
  const rows = q.data ?? [];
  return (
    <section className="card" aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title" className="card-title">
        {t('requests.withdrawals')} <span className="count">{rows.length}</span>
      </h2>
      <QueryState isPending={q.isPending} error={q.error} what={t('admin:what.withdrawals')} />
      <div className="table-wrap">
        <table className="table admin-table" data-testid="withdrawals-table">
          <thead>
            <tr>
              <th>{t('requests.col.user')}</th>
              <th>{t('requests.col.upiId')}</th>
              <th>{t('requests.col.phone')}</th>
              <th className="num">{t('requests.col.amount')}</th>
              <th>{t('requests.col.requested')}</th>
              <th>{t('requests.col.status')}</th>
              <th>{t('requests.col.decision')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((w) => (
              <tr key={String(w.id)} data-testid={`withdrawal-${w.id}`}>
                <td data-label={t('requests.col.user')}>{userLink(w.user, w.userName)}</td>
                <td data-label={t('requests.col.upiId')} className="mono">
                  {w.upi_id}
                </td>
                <td data-label={t('requests.col.phone')}>{w.phoneNumber}</td>
                <td data-label={t('requests.col.amount')} className="num">
                  {formatInr(w.withdrawAmount)}
                </td>
                <td data-label={t('requests.col.requested')}>{dateTime(w.createdAt)}</td>
                <td data-label={t('requests.col.status')}>
                  <RequestBadge status={w.status} />
                </td>
                <td data-label={t('requests.col.decision')}>
                  {w.status === 'Pending' ? (
                    <DecisionButtons
                      kind="withdrawals"
                      id={w.id}
                      label={t('requests.withdrawalLabel', { amount: formatInr(w.withdrawAmount), upi: w.upi_id })}
                      onError={onError}
                    />
                  ) : (
                    dateTime(w.decidedAt)
                  )}
                </td>
              </tr>
            ))}
            {q.data && rows.length === 0 && <EmptyRow cols={7}>{t(`requests.noWithdrawals.${status}`)}</EmptyRow>}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function RequestsScreen() {
  const { t } = useTranslation('adminMoney');
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [notice, setNotice] = useState('');
  return (
    <>
      <div className="admin-head">
        <h1 className="page-title">{t('requests.title')}</h1>
        <label className="inline-field">
          <span className="muted small">{t('requests.show')}</span>
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as StatusFilter)}
            aria-label={t('requests.showLabel')}
          >
            <option value="pending">{t('requests.filter.pending')}</option>
            <option value="approved">{t('requests.filter.approved')}</option>
            <option value="rejected">{t('requests.filter.rejected')}</option>
            <option value="all">{t('requests.filter.all')}</option>
          </select>
        </label>
      </div>
      {notice && (
        <div className="form-error notice" role="alert" data-testid="decision-notice">
          <span>{notice}</span>
          <button
            type="button"
            className="ghost-btn"
            aria-label={t('admin:common.dismiss')}
            onClick={() => setNotice('')}
          >
            ×
          </button>
        </div>
      )}
      <Deposits status={status} onError={setNotice} />
      <Withdrawals status={status} onError={setNotice} />
    </>
  );
}
