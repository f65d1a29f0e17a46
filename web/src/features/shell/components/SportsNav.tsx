import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { SPORTS_NAV } from '@/config/constants';

/** "ICE HOCKEY" → "iceHockey", "IN-PLAY" → "inPlay": the entry's key under `shell:sportsNav`. */
function navKey(label: string): string {
  return label
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');
}

export function SportsNav() {
  const { t } = useTranslation('shell');
  return (
    <nav className="sports-nav" aria-label={t('sportsNav.label')}>
      {SPORTS_NAV.map((s) => (
        <NavLink key={s.label} to={s.to} end={s.to === '/'}>
          {t(`sportsNav.${navKey(s.label)}`, { defaultValue: s.label })}
        </NavLink>
      ))}
    </nav>
  );
}
