import type { Sort, SortKey } from '../actors';

const ARROW = { asc: '▲', desc: '▼', none: '↕' } as const;

/** A sortable column header: a button inside the <th>, with aria-sort for screen readers. */
export function SortTh({
  label,
  k,
  sort,
  onSort,
  title,
}: {
  label: string;
  k: SortKey;
  sort: Sort;
  onSort: (k: SortKey) => void;
  title?: string;
}) {
  const active = sort.key === k;
  const arrow = ARROW[active ? sort.dir : 'none'];
  return (
    <th aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'} title={title}>
      <button type="button" className={`sort-btn${active ? ' active' : ''}`} onClick={() => onSort(k)}>
        {label}
        <span aria-hidden className="sort-arrow">
          {arrow}
        </span>
      </button>
    </th>
  );
}
