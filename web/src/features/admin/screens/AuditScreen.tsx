/** The audit log, newest first: who did what, when, and what changed (before → after). */
import { useTranslation } from 'react-i18next';
import { actionLabel, changes } from '../audit';
import { useAudit } from '../api/risk-audit';
import type { AuditEntry } from '../api/types';
import { QueryState } from '../components/QueryState';
import { LoadMore } from '@/components/LoadMore';
import { dateTime } from '../format';
import { EmptyRow } from '@/components/EmptyRow';
import { AdminPage } from '../components/AdminPage';

function ChangeList({ e }: { e: AuditEntry }) {
  const list = changes(e.before, e.after);
  if (list.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="change-list">
      {list.map((c) => (
        <li key={c.key}>
          {c.key && <span className="muted">{c.key}: </span>}
          <span className="before">{c.before}</span> → <b className="after">{c.after}</b>
        </li>
      ))}
    </ul>
  );
}

export default function AuditScreen() {
  const { t } = useTranslation('admin');
  const q = useAudit();
  const rows = q.data?.pages.flatMap((p) => p.entries ?? []) ?? [];
  return (
    <AdminPage
      id="audit-title"
      title={t('audit.title')}
      head={
        <button
          type="button"
          className="btn btn-small btn-outline"
          onClick={() => void q.refetch()}
          disabled={q.isFetching}
        >
          {t('audit.refresh')}
        </button>
      }
    >
      <QueryState isPending={q.isPending} error={q.error} what={t('what.audit')} />
      <div className="table-wrap">
        <table className="table admin-table audit-table" data-testid="audit-table">
          <thead>
            <tr>
              <th>{t('audit.col.when')}</th>
              <th>{t('audit.col.who')}</th>
              <th>{t('audit.col.what')}</th>
              <th>{t('audit.col.target')}</th>
              <th>{t('audit.col.change')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={String(e.id)} data-action={e.action}>
                <td data-label={t('audit.col.when')}>{dateTime(e.at)}</td>
                <td data-label={t('audit.col.who')}>{e.operator?.name ?? String(e.operator?.id ?? '—')}</td>
                <td data-label={t('audit.col.what')}>
                  <span className="action" title={e.action}>
                    {actionLabel(e.action)}
                  </span>
                </td>
                <td data-label={t('audit.col.target')} className="mono">
                  {e.target === null || e.target === undefined ? '—' : String(e.target)}
                </td>
                <td data-label={t('audit.col.change')} className="wrap">
                  <ChangeList e={e} />
                </td>
              </tr>
            ))}
            {q.data && rows.length === 0 && <EmptyRow cols={5}>{t('audit.empty')}</EmptyRow>}
          </tbody>
        </table>
      </div>
      <LoadMore hasMore={q.hasNextPage} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} />
    </AdminPage>
  );
}
