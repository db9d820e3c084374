import { useShallow } from 'zustand/react/shallow';
import { isSignedIn, useSession } from '../../lib/session/sessionStore.ts';
import type { Visitor } from './access.ts';

/** The visitor as the guard sees it (an expired token counts as signed out). */
export function useVisitor(): Visitor {
  return useSession(useShallow((s) => ({ signedIn: isSignedIn(s), user: s.user })));
}
