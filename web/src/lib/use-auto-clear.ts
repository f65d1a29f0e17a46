/**
 * An over-market selection clears itself (spec §4 "Over-market bets", §9 "Bet slip auto-clear: 7 s"): the seconds
 * left, counted down once a second, and `onExpire` when they run out. Whatever the player does with the slip
 * (`touched` changes: a stake typed, the market reopening) starts the count again, so an abandoned slip clears and a
 * slip in use does not vanish under the player's thumb. `null` when not active (e.g. while a bet is being placed).
 */
import { useEffect, useRef, useState } from 'react';

export const AUTO_CLEAR_S = 7;

export function useAutoClear(active: boolean, touched: string, onExpire: () => void): number | null {
  const [tick, setTick] = useState({ key: touched, left: AUTO_CLEAR_S });
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  });
  useEffect(() => {
    if (!active) return;
    let n = AUTO_CLEAR_S;
    const show = () => setTick({ key: touched, left: n });
    const first = setTimeout(show, 0);
    const timer = setInterval(() => {
      n -= 1;
      show();
      if (n <= 0) {
        clearInterval(timer);
        expire.current();
      }
    }, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [active, touched]);
  if (!active) return null;
  // Touched since the last second was counted: a fresh count (the effect has just started it).
  return tick.key === touched ? tick.left : AUTO_CLEAR_S;
}
