import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { BRAND, BRAND_MARK, MENU_GLYPH } from '../brand';
import { DailyTopUp } from '@/features/play-points/components/DailyTopUp';
import { NoCashValue } from '@/features/play-points/components/NoCashValue';
import { formatInr } from '@/lib/money';
import { usePlatform } from '@/lib/platform';

interface Props {
  username: string;
  balance: number | undefined;
  userId: string | null;
  onMenu: () => void;
  onDeposit: () => void;
  onWithdraw: () => void;
  onLogout: () => void;
}

/** In play mode, no Deposit and Withdraw: the daily top-up in their place. */
export function Header({ username, balance, userId, onMenu, onDeposit, onWithdraw, onLogout }: Props) {
  const { t } = useTranslation('shell');
  const { play } = usePlatform();
  return (
    <header className="app-header">
      <div className="header-row">
        <button type="button" className="icon-btn" aria-label={t('header.menu')} onClick={onMenu}>
          {MENU_GLYPH}
        </button>
        <NavLink to="/" className="brand">
          <span className="brand-mark" aria-hidden>
            {BRAND_MARK}
          </span>
          {BRAND}
        </NavLink>
        <div className="header-user">
          <span className="header-username" data-testid="header-username">
            {username}
          </span>
          <span className="header-balance" data-testid="header-balance">
            {formatInr(balance)}
          </span>
        </div>
        <button type="button" className="btn btn-small btn-outline" onClick={onLogout}>
          {t('header.logout')}
        </button>
      </div>
      <NoCashValue />
      <nav className="header-actions" aria-label={t('header.mainNav')}>
        {play ? (
          <DailyTopUp userId={userId} />
        ) : (
          <>
            <button type="button" className="btn btn-small btn-withdraw" onClick={onWithdraw}>
              {t('header.withdraw')}
            </button>
            <button type="button" className="btn btn-small btn-deposit" onClick={onDeposit}>
              {t('header.deposit')}
            </button>
          </>
        )}
        <NavLink to="/" end className="pill-link">
          {t('header.sports')}
        </NavLink>
        <NavLink to="/casino" className="pill-link">
          {t('header.casino')}
        </NavLink>
      </nav>
    </header>
  );
}
