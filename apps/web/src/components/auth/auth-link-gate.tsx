import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { AUTH_LINK_PARAM, parseAuthCallbackLink } from '@/lib/auth/callback-link';
import { FullScreenSpinner } from '../ui/full-screen-spinner';

/**
 * Handles an auth callback link handed to the app (`/?authLink=…`, spec §4) before any route
 * guard sees the page: success validates the session with GET /api/user, refreshes the session's
 * user and goes to /home (a failed validation is only logged); failure goes to the login
 * with the error. Anything else is dropped from the address.
 */
export function AuthLinkGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { refreshUser } = useAuth();
  const link = new URLSearchParams(location.search).get(AUTH_LINK_PARAM);

  useEffect(() => {
    if (link === null) return;
    const parsed = parseAuthCallbackLink(link);
    const rest = new URLSearchParams(location.search);
    rest.delete(AUTH_LINK_PARAM);
    const withoutLink = `${location.pathname}${rest.size ? `?${rest}` : ''}${location.hash}`;
    if (!parsed) {
      void navigate(withoutLink, { replace: true });
      return;
    }
    if (parsed.kind === 'error') {
      void navigate(`${paths.login}?error=${encodeURIComponent(parsed.message)}`, { replace: true });
      return;
    }
    void (async () => {
      try {
        await apiClient.get('/user');
        await refreshUser({ force: true });
      } catch (error) {
        console.warn('Auth callback link: the session could not be validated', error);
      }
      await navigate(paths.home, { replace: true });
    })();
  }, [link, location, navigate, refreshUser]);

  return link === null ? children : <FullScreenSpinner />;
}
