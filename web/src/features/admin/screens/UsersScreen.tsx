/** Users, newest first; search by user number, phone, name or e-mail. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInr } from '@/lib/money';
import { useAdminUsers } from '../api/money';
import { FlagBadge } from '../components/Badges';
import { QueryState } from '../components/QueryState';
import { dateTime } from '../format';
import { useDebounced } from '../hooks/use-debounced';
import { EmptyRow } from '@/components/EmptyRow';
import { AdminHead } from '../components/AdminPage';
import { Field } from '@/components/Field';

export default function UsersScreen() {
  const { t } = useTranslation('adminMoney');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const users = useAdminUsers(q);
  const rows = users.data ?? [];
  return (
    <>
      <AdminHead title={t('users.title')} />
      <Field id="user-search" label={t('users.search')} className="search-field">
        <input
          id="user-search"
          type="search"
          placeholder={t('users.searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      <QueryState isPending={users.isPending} error={users.error} what={t('admin:what.users')} />
      <div className="table-wrap">
        <table className="table admin-table" data-testid="users-table">
          <thead>
            <tr>
              <th>{t('users.col.userNo')}</th>
              <th>{t('users.col.name')}</th>
              <th>{t('users.col.phone')}</th>
              <th>{t('users.col.role')}</th>
              <th className="num">{t('users.col.balance')}</th>
              <th className="num">{t('users.col.exposure')}</th>
              <th>{t('users.col.joined')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <tr key={String(u.id)}>
                <td data-label={t('users.col.userNo')}>
                  <Link to={`/admin/money/users/${encodeURIComponent(String(u.id))}`}>{String(u.userNo)}</Link>
                </td>
                <td data-label={t('users.col.name')}>
                  {u.name} <FlagBadge on={u.blocked} yes={t('admin:common.blocked')} />
                </td>
                <td data-label={t('users.col.phone')}>{u.phone}</td>
                <td data-label={t('users.col.role')}>{t(`admin:values.role.${u.role}`, { defaultValue: u.role })}</td>
                <td data-label={t('users.col.balance')} className="num">
                  {formatInr(u.balance)}
                </td>
                <td data-label={t('users.col.exposure')} className="num">
                  {formatInr(u.exposure)}
                </td>
                <td data-label={t('users.col.joined')}>{dateTime(u.createdAt)}</td>
              </tr>
            ))}
            {users.data && rows.length === 0 && (
              <EmptyRow cols={7}>{q ? t('users.noMatch', { q }) : t('users.none')}</EmptyRow>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
