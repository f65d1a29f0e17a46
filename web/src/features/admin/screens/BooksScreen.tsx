/** The books: balance and exposure of each kind of account (play mode's play account among them), and the money mode. */
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/DataTable';
import { formatInr } from '@/lib/money';
import { useBooks } from '../api/money';
import { AdminHead } from '../components/AdminPage';
import { QueryState } from '../components/QueryState';

/** The lines, in this order (`adminMoney:books.line.<key>`). */
const LINES = ['players', 'house', 'cashier', 'play', 'loadTest', 'fixturePlayers'] as const;

export default function BooksScreen() {
  const { t } = useTranslation('adminMoney');
  const q = useBooks();
  const b = q.data;
  return (
    <>
      <AdminHead title={t('books.title')}>
        {b && (
          <span className="muted" data-testid="books-mode">
            {t(`books.mode.${b.moneyMode}`)}
          </span>
        )}
      </AdminHead>
      <QueryState isPending={q.isPending} error={q.error} what={t('admin:what.books')} />
      {b && (
        <>
          <DataTable
            testId="books-table"
            labelled
            rows={LINES}
            rowKey={(k) => k}
            row={(k) => ({ 'data-testid': `book-${k}` })}
            columns={[
              { label: t('books.col.account'), cell: (k) => t(`books.line.${k}`) },
              { label: t('books.col.accounts'), num: true, cell: (k) => b[k].accounts },
              { label: t('books.col.balance'), num: true, cell: (k) => formatInr(b[k].balance) },
              { label: t('books.col.exposure'), num: true, cell: (k) => formatInr(b[k].exposure) },
            ]}
          />
          <p data-testid="books-total">{t('books.total', { amount: formatInr(b.total) })}</p>
        </>
      )}
    </>
  );
}
