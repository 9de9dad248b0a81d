import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';

/** Signed-out visitors on a protected route go to /login (remembering where they wanted to go). */
export function ProtectedRoute() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status !== 'signedIn') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
