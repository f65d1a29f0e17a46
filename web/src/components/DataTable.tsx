import type { HTMLAttributes, ReactNode, TdHTMLAttributes } from 'react';
import { EmptyRow } from './EmptyRow';

type Attrs<E extends HTMLElement> = HTMLAttributes<E> & { 'data-testid'?: string };
/** A cell's own attributes. */
export type CellAttrs = TdHTMLAttributes<HTMLTableCellElement> & { 'data-testid'?: string; 'data-label'?: string };

export interface Column<R> {
  /** The header; in a labelled table also each cell's `data-label` (the phone layout shows it beside the value). */
  label: ReactNode;
  /** A column of figures: right-aligned (`num`), header and cells. */
  num?: boolean;
  /** The cell's own attributes for a row (a class after `num`, a test id…). */
  td?: (row: R) => CellAttrs;
  cell: (row: R) => ReactNode;
}

interface Props<R> {
  columns: Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** A row's own attributes (a class, a test id). */
  row?: (row: R) => Attrs<HTMLTableRowElement>;
  /** The table's class: `table admin-table` unless said. */
  className?: string;
  testId?: string;
  /** What an empty table says (nothing when absent). */
  empty?: ReactNode;
  /** Each cell carries its column's header as `data-label`. */
  labelled?: boolean;
}

/** A table in its scrolling wrapper: one header a column, one row an item, and one row saying when there is none. */
export function DataTable<R>({
  columns,
  rows,
  rowKey,
  row,
  className = 'table admin-table',
  testId,
  empty,
  labelled = true,
}: Props<R>) {
  return (
    <div className="table-wrap">
      <table className={className} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} className={c.num ? 'num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} {...row?.(r)}>
              {columns.map((c, i) => {
                const { className, ...td } = c.td?.(r) ?? {};
                return (
                  <td
                    key={i}
                    data-label={labelled && typeof c.label === 'string' ? c.label : undefined}
                    className={c.num ? (className === undefined ? 'num' : `num ${className}`) : className}
                    {...td}
                  >
                    {c.cell(r)}
                  </td>
                );
              })}
            </tr>
          ))}
          {empty !== undefined && empty !== false && rows.length === 0 && (
            <EmptyRow cols={columns.length}>{empty}</EmptyRow>
          )}
        </tbody>
      </table>
    </div>
  );
}
