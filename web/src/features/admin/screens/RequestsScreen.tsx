/** Deposits and withdrawals, pending first: approve or reject each. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type Column } from '@/components/DataTable';
import { formatInr } from '@/lib/money';
import { usePlatform } from '@/lib/platform';
import { decideRequest, useAdminDeposits, useAdminWithdrawals, type StatusFilter } from '../api/money';
import { RequestBadge } from '../components/Badges';
import { DecisionButtons } from '../components/DecisionButtons';
import { QueryState } from '../components/QueryState';
import { dateTime } from '../format';
import { AdminHead } from '../components/AdminPage';
import { PlayModeNotice } from '../components/PlayModeNotice';

const userLink = (user: string | number, name: string) => (
  <Link to={`/admin/money/users/${encodeURIComponent(String(user))}`}>{name || String(user)}</Link>
);

type Deposit = NonNullable<ReturnType<typeof useAdminDeposits>['data']>[number];
type Withdrawal = NonNullable<ReturnType<typeof useAdminWithdrawals>['data']>[number];

interface ListProps<R> {
  kind: 'deposits' | 'withdrawals';
  q: { data?: R[]; isPending: boolean; error: unknown };
  /** The columns between the user and the request's time. */
  own: Column<R>[];
  /** The request as its decision names it. */
  label: (r: R) => string;
  empty: string;
  onError: (m: string) => void;
}

/** One list of requests: user, its own columns, requested, status, and a decision for a pending one. */
function RequestList<R extends Deposit | Withdrawal>({ kind, q, own, label, empty, onError }: ListProps<R>) {
  const { t } = useTranslation('adminMoney');
  const rows = q.data ?? [];
  const title = `${kind}-title`;
  return (
    <section className="card" aria-labelledby={title}>
      <h2 id={title} className="card-title">
        {t(`requests.${kind}`)} <span className="count">{rows.length}</span>
      </h2>
      <QueryState isPending={q.isPending} error={q.error} what={t(`admin:what.${kind}`)} />
      <DataTable
        testId={`${kind}-table`}
        rows={rows}
        rowKey={(r) => String(r.id)}
        row={(r) => ({ 'data-testid': `${kind.slice(0, -1)}-${r.id}` })}
        empty={q.data ? empty : undefined}
        columns={[
          { label: t('requests.col.user'), cell: (r) => userLink(r.user, r.userName) },
          ...own,
          { label: t('requests.col.requested'), cell: (r) => dateTime(r.createdAt) },
          { label: t('requests.col.status'), cell: (r) => <RequestBadge status={r.status} /> },
          {
            label: t('requests.col.decision'),
            cell: (r) =>
              r.status === 'Pending' ? (
                <DecisionButtons decide={(d) => decideRequest(kind, r.id, d)} label={label(r)} onError={onError} />
              ) : (
                dateTime(r.decidedAt)
              ),
          },
        ]}
      />
    </section>
  );
}

function Deposits({ status, onError }: { status: StatusFilter; onError: (m: string) => void }) {
  const { t } = useTranslation('adminMoney');
  return (
    <RequestList<Deposit>
      kind="deposits"
      q={useAdminDeposits(status)}
      own={[
        { label: t('requests.col.phone'), cell: (d) => d.phoneNumber },
        { label: t('requests.col.amount'), num: true, cell: (d) => formatInr(d.deposite) },
        { label: t('requests.col.utr'), td: () => ({ className: 'mono' }), cell: (d) => d.Utr },
      ]}
      label={(d) => t('requests.depositLabel', { utr: d.Utr })}
      empty={t(`requests.noDeposits.${status}`)}
      onError={onError}
    />
  );
}

function Withdrawals({ status, onError }: { status: StatusFilter; onError: (m: string) => void }) {
  const { t } = useTranslation('adminMoney');
  return (
    <RequestList<Withdrawal>
      kind="withdrawals"
      q={useAdminWithdrawals(status)}
      own={[
        { label: t('requests.col.upiId'), td: () => ({ className: 'mono' }), cell: (w) => w.upi_id },
        { label: t('requests.col.phone'), cell: (w) => w.phoneNumber },
        { label: t('requests.col.amount'), num: true, cell: (w) => formatInr(w.withdrawAmount) },
      ]}
      label={(w) => t('requests.withdrawalLabel', { amount: formatInr(w.withdrawAmount), upi: w.upi_id })}
      empty={t(`requests.noWithdrawals.${status}`)}
      onError={onError}
    />
  );
}

/** In play mode there are no requests: a notice instead. */
export default function RequestsScreen() {
  const { t } = useTranslation('adminMoney');
  return usePlatform().play ? <PlayModeNotice title={t('requests.title')} /> : <Requests />;
}

function Requests() {
  const { t } = useTranslation('adminMoney');
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [notice, setNotice] = useState('');
  return (
    <>
      <AdminHead title={t('requests.title')}>
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
      </AdminHead>
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
