import { NavLink } from 'react-router';
import { SPORTS_NAV } from '@/config/constants';

export function SportsNav() {
  return (
    <nav className="sports-nav" aria-label="Sports">
      {SPORTS_NAV.map((s) => (
        <NavLink key={s.label} to={s.to} end={s.to === '/'}>
          {s.label}
        </NavLink>
      ))}
    </nav>
  );
}
