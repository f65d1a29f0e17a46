/** Money: a sub-navigation over requests, users, payment details, the books and news. */
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';

/** `label`: the key under `adminMoney:money`. */
const TABS = [
  { to: '/admin/money', label: 'requests', end: true },
  { to: '/admin/money/users', label: 'users' },
  { to: '/admin/money/payment', label: 'payment' },
  { to: '/admin/money/books', label: 'books' },
  { to: '/admin/money/news', label: 'news' },
];

export default function MoneyScreen() {
  const { t } = useTranslation('adminMoney');
  return (
    <div className="admin-page">
      <nav className="sub-tabs" aria-label={t('money.nav')}>
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end}>
            {t(`money.${tab.label}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
