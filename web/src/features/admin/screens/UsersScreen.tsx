/** Users, newest first; search by user number, phone, name or e-mail. */
import { useState } from 'react';
import { Link } from 'react-router';
import { formatInr } from '@/lib/money';
import { useAdminUsers } from '../api/money';
import { FlagBadge } from '../components/Badges';
import { QueryState } from '../components/QueryState';
import { dateTime } from '../format';
import { useDebounced } from '../hooks/use-debounced';
import { EmptyRow } from '../components/EmptyRow';

export default function UsersScreen() {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const users = useAdminUsers(q);
  const rows = users.data ?? [];
  return (
    <>
      <div className="admin-head">
        <h1 className="page-title">Users</h1>
      </div>
      <div className="field search-field">
        <label htmlFor="user-search">Search users</label>
        <input id="user-search" type="search" placeholder="User number, phone, name or e-mail" value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <QueryState isPending={users.isPending} error={users.error} what="Users" />
      <div className="table-wrap">
        <table className="table admin-table" data-testid="users-table">
          <thead>
            <tr>
              <th>User no.</th>
              <th>Name</th>
              <th>Phone</th>
              <th>Role</th>
              <th className="num">Balance</th>
              <th className="num">Exposure</th>
              <th>Joined</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <tr key={String(u.id)}>
                <td data-label="User no.">
                  <Link to={`/admin/money/users/${encodeURIComponent(String(u.id))}`}>{String(u.userNo)}</Link>
                </td>
                <td data-label="Name">
                  {u.name} <FlagBadge on={u.blocked} yes="Blocked" />
                </td>
                <td data-label="Phone">{u.phone}</td>
                <td data-label="Role">{u.role}</td>
                <td data-label="Balance" className="num">{formatInr(u.balance)}</td>
                <td data-label="Exposure" className="num">{formatInr(u.exposure)}</td>
                <td data-label="Joined">{dateTime(u.createdAt)}</td>
              </tr>
            ))}
            {users.data && rows.length === 0 && (
              <EmptyRow cols={7}>{q ? `No user matches “${q}”.` : 'No users yet.'}</EmptyRow>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
