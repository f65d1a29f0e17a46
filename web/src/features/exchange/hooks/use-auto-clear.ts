/**
 * An over-market selection clears itself (spec §4 "Over-market bets", §9 "Bet slip auto-clear: 7 s"): the seconds
 * left, counted down once a second, and `onExpire` when they run out. Whatever the player does with the slip
 * (`touched` changes: a stake typed, a submit, the market reopening) starts the count again, so an abandoned slip
 * clears and a slip in use does not vanish under the player's thumb. `null` when not active.
 */
import { useEffect, useRef, useState } from 'react';

export const AUTO_CLEAR_S = 7;

export function useAutoClear(active: boolean, touched: string, onExpire: () => void): number | null {
  const [left, setLeft] = useState(AUTO_CLEAR_S);
  const expire = useRef(onExpire);
  expire.current = onExpire;
  useEffect(() => {
    if (!active) return;
    setLeft(AUTO_CLEAR_S);
    let n = AUTO_CLEAR_S;
    const timer = setInterval(() => {
      n -= 1;
      setLeft(n);
      if (n <= 0) {
        clearInterval(timer);
        expire.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [active, touched]);
  return active ? left : null;
}
