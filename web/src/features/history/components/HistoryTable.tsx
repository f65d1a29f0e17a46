/** What every My Bets tab shows around its rows: loading and error lines, the table's head, and the empty row. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  testId: string;
  columns: string[];
  isLoading: boolean;
  isError: boolean;
  /** How many rows there are (the empty row shows at none). */
  count: number;
  children: ReactNode;
}

export function HistoryTable({ testId, columns, isLoading, isError, count, children }: Props) {
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
            {!isLoading && count === 0 && (
              <tr>
                <td colSpan={columns.length} className="empty">
                  {t('empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
