/** Risk: money held for open bets (total and per table), the house result per game, the largest liabilities. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInr } from '@/lib/money';
import { useRisk } from '../api/risk-audit';
import { QueryState } from '../components/QueryState';
import { DataTable } from '@/components/DataTable';
import { Card } from '@/components/Card';
import { AdminPage } from '../components/AdminPage';

const tone = (v: number) => (v > 0 ? 'pos' : v < 0 ? 'neg' : '');

export default function RiskScreen() {
  const { t } = useTranslation('admin');
  const q = useRisk();
  const r = q.data;
  return (
    <AdminPage id="risk-title" title={t('risk.title')}>
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
          <Card id="risk-tables" title={t('risk.perTable')}>
            <DataTable
              rows={r.tables}
              rowKey={(row) => `${row.game}-${row.table}`}
              empty={t('risk.noTables')}
              columns={[
                { label: t('risk.col.game'), cell: (row) => row.game },
                { label: t('risk.col.table'), cell: (row) => row.table },
                { label: t('risk.col.openBets'), num: true, cell: (row) => row.openBets },
                { label: t('risk.col.exposure'), num: true, cell: (row) => formatInr(row.exposure) },
              ]}
            />
          </Card>
          <Card id="risk-house" title={t('risk.houseResult')} hint={t('risk.houseHint')}>
            <DataTable
              testId="house-result"
              rows={r.houseResult}
              rowKey={(h) => h.game}
              columns={[
                { label: t('risk.col.game'), cell: (h) => h.game },
                {
                  label: t('risk.col.today'),
                  num: true,
                  td: (h) => ({ className: tone(h.today) }),
                  cell: (h) => formatInr(h.today),
                },
                {
                  label: t('risk.col.allTime'),
                  num: true,
                  td: (h) => ({ className: tone(h.allTime) }),
                  cell: (h) => formatInr(h.allTime),
                },
              ]}
            />
          </Card>
          <Card id="risk-largest" title={t('risk.largest')}>
            <DataTable
              rows={r.largest}
              rowKey={(u) => String(u.userId)}
              empty={t('risk.nobody')}
              columns={[
                {
                  label: t('risk.col.userNo'),
                  cell: (u) => (
                    <Link to={`/admin/money/users/${encodeURIComponent(String(u.userId))}`}>{String(u.userNo)}</Link>
                  ),
                },
                { label: t('risk.col.name'), cell: (u) => u.name },
                { label: t('risk.col.exposure'), num: true, cell: (u) => formatInr(u.exposure) },
              ]}
            />
          </Card>
        </>
      )}
    </AdminPage>
  );
}
