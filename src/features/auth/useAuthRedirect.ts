import { useLocation, useNavigate } from 'react-router-dom';

/** Where to go after signing in: back to the guarded page that sent the visitor here, else /dashboard. */
export function useAfterAuthNavigate() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const target = from && from.startsWith('/dashboard') ? from : '/dashboard';
  return () => navigate(target, { replace: true });
}
