import { useOutletContext } from 'react-router';
import type { SessionUser } from '@/lib/storage';

/** What the public layout hands to its routes: the signed-in person, or `null` for a visitor. */
export interface PublicSession {
  user: SessionUser | null;
  userId: string | null;
}

export function usePublicSession(): PublicSession {
  return useOutletContext<PublicSession>();
}
