import type { ReactNode } from 'react';

/** A console page's head: its title, and what stands beside it (a badge, a button, when it was read…). */
export function AdminHead({ id, title, children }: { id?: string; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="admin-head">
      <h1 id={id} className="page-title">
        {title}
      </h1>
      {children}
    </div>
  );
}

interface Props {
  /** The title's id: the page is named by it. */
  id: string;
  title: ReactNode;
  /** What stands beside the title. */
  head?: ReactNode;
  /** What stands above the head (a back link). */
  top?: ReactNode;
  children: ReactNode;
}

/** A console page (a section named by its title): the head, then the page. */
export function AdminPage({ id, title, head, top, children }: Props) {
  return (
    <section className="admin-page" aria-labelledby={id}>
      {top}
      <AdminHead id={id} title={title}>
        {head}
      </AdminHead>
      {children}
    </section>
  );
}
