import { useEffect, useState } from 'react';

/** The local clock (Date.now()), read again every `ms` while `active`, so a countdown moves between server updates. */
export function useNow(ms: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms, active]);
  return now;
}
