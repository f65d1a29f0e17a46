import { useOutletContext } from 'react-router';
import type { SessionUser } from '@/lib/storage';

/** What the authenticated layout hands to its routes. */
export interface SessionContext {
  user: SessionUser;
  userId: string | null;
  logout: () => void;
}

export function useSession(): SessionContext {
  return useOutletContext<SessionContext>();
}
