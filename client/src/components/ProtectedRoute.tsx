import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { PageSkeleton } from './PageSkeleton';

/**
 * Signed-out visitors on a protected route go to /login (remembering where they wanted to go);
 * while the browser's session is being checked, the page's place is held by a skeleton.
 */
export function ProtectedRoute() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') return <PageSkeleton />;
  if (state.status !== 'signedIn') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
