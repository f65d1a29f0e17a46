import { NavLink } from 'react-router';
import { BRAND } from '@/config/constants';
import { formatInr } from '@/lib/money';

interface Props {
  username: string;
  balance: number | undefined;
  onMenu: () => void;
  onDeposit: () => void;
  onWithdraw: () => void;
  onLogout: () => void;
}

export function Header({ username, balance, onMenu, onDeposit, onWithdraw, onLogout }: Props) {
  return (
    <header className="app-header">
      <div className="header-row">
        <button type="button" className="icon-btn" aria-label="Menu" onClick={onMenu}>
          ☰
        </button>
        <NavLink to="/" className="brand">
          <span className="brand-mark" aria-hidden>
            ✈
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
          Logout
        </button>
      </div>
      <nav className="header-actions" aria-label="Main">
        <button type="button" className="btn btn-small btn-withdraw" onClick={onWithdraw}>
          Withdraw
        </button>
        <button type="button" className="btn btn-small btn-deposit" onClick={onDeposit}>
          Deposit
        </button>
        <NavLink to="/" end className="pill-link">
          Sports
        </NavLink>
        <NavLink to="/casino" className="pill-link">
          Casino
        </NavLink>
      </nav>
    </header>
  );
}
