/** What every My Bets tab shows around its rows: loading and error lines, the table's head, and the empty row. */
import type { ReactNode } from 'react';

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
  return (
    <>
      {isLoading && <p className="muted">Loading...</p>}
      {isError && <p className="form-error">Failed to fetch bets</p>}
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
                  No betting history available.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
