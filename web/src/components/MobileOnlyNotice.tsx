import { MOBILE_BREAKPOINT_PX, MOBILE_ONLY_TEXT } from '@/config/constants';
import { useMediaQuery } from '@/lib/use-media';

/** The spec's notice for screens wider than 768 px. */
export function MobileOnlyNotice() {
  const wide = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX + 1}px)`);
  if (!wide) return null;
  return (
    <div className="mobile-only" role="note" data-testid="mobile-only">
      {MOBILE_ONLY_TEXT}
    </div>
  );
}
