import { formatInr } from '@/lib/money';

/** Compact bar with the two wallet figures. */
export function TopBar({ balance, exposure }: { balance: number | undefined; exposure: number | undefined }) {
  return (
    <div className="top-bar">
      <span>
        Balance <b data-testid="topbar-balance">{formatInr(balance)}</b>
      </span>
      <span>
        Exposure <b data-testid="topbar-exposure">{formatInr(exposure)}</b>
      </span>
    </div>
  );
}
