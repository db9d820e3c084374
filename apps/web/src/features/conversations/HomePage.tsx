import { Navigate, useLocation } from 'react-router';
import { useCan } from '../../lib/session/sessionStore.ts';
import { WorkbenchPage } from '../shell/WorkbenchPage.tsx';

/**
 * Home (`/`): the conversation screen for whoever may read conversations (it lives at
 * `/message`, so switching conversations only changes `?v=`); the workbench for everyone else
 * (e.g. the platform admin).
 */
export function HomePage() {
  const canRead = useCan('conversation.read');
  const { search } = useLocation();
  if (canRead) return <Navigate to={`/message${search}`} replace />;
  return <WorkbenchPage />;
}
