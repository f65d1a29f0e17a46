/** Money: a sub-navigation over requests, users, payment details and news. */
import { NavLink, Outlet } from 'react-router';

const TABS = [
  { to: '/admin/money', label: 'Requests', end: true },
  { to: '/admin/money/users', label: 'Users' },
  { to: '/admin/money/payment', label: 'Payment details' },
  { to: '/admin/money/news', label: 'News' },
];

export default function MoneyScreen() {
  return (
    <div className="admin-page">
      <nav className="sub-tabs" aria-label="Money">
        {TABS.map((t) => (
          <NavLink key={t.to} to={t.to} end={t.end}>
            {t.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
