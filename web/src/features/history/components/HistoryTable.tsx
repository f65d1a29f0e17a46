/**
 * What every My Bets tab shows around its rows: loading and error lines, the table's head, the empty row, and "Load
 * more" under a list the server pages.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from '@/components/EmptyRow';
import { LoadMore } from '@/components/LoadMore';
import type { PagedList } from '../hooks/use-paged-list';

interface Props {
  testId: string;
  columns: string[];
  isLoading: boolean;
  isError: boolean;
  /** How many rows there are (the empty row shows at none). */
  count: number;
  children: ReactNode;
  /** A list read a page at a time: its "Load more". */
  paged?: Pick<PagedList<unknown>, 'hasMore' | 'loadingMore' | 'loadMore'>;
}

export function HistoryTable({ testId, columns, isLoading, isError, count, children, paged }: Props) {
  const { t } = useTranslation('history');
  return (
    <>
      {isLoading && <p className="muted">{t('loading')}</p>}
      {isError && <p className="form-error">{t('failed')}</p>}
      <div className="table-wrap">
        <table className="table" data-testid={testId}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c}>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {children}
            {!isLoading && count === 0 && <EmptyRow cols={columns.length}>{t('empty')}</EmptyRow>}
          </tbody>
        </table>
      </div>
      {paged && <LoadMore hasMore={paged.hasMore} loading={paged.loadingMore} onMore={paged.loadMore} />}
    </>
  );
}

/** A My Bets table of a list the server pages: its loading, error, empty row and "Load more" from the list. */
export function PagedTable({
  testId,
  columns,
  list,
  children,
}: Pick<Props, 'testId' | 'columns' | 'children'> & { list: PagedList<unknown> }) {
  return (
    <HistoryTable
      testId={testId}
      columns={columns}
      isLoading={list.isLoading}
      isError={list.isError}
      count={list.rows.length}
      paged={list}
    >
      {children}
    </HistoryTable>
  );
}
