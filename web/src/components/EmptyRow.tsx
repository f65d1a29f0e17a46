import type { ReactNode } from 'react';

/** The one row of a table that has nothing to show, spanning its `cols` columns. */
export function EmptyRow({ cols, children }: { cols: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={cols} className="empty">
        {children}
      </td>
    </tr>
  );
}
