import { useEffect, useState } from 'react';

/** The local clock (Date.now()), read again every `ms` so countdowns move between server updates. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
