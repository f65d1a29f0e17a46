import type { GamePage } from '@/games/registry';
import { usePublicSession } from '../layout/public-session';
import { useSession } from '../session-context';

/** A game's page in the signed-in shell (games/registry.ts: `shell: 'app'`). */
export function AppGameRoute({ page: Page }: { page: GamePage }) {
  return <Page userId={useSession().userId} />;
}

/** A game's page in the public shell (`shell: 'public'`): the signed-in person's id, or `null` for a visitor. */
export function PublicGameRoute({ page: Page }: { page: GamePage }) {
  return <Page userId={usePublicSession().userId} />;
}
