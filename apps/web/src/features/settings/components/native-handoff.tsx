import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiClientError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { writeStorage } from '@/lib/storage';
import { registerDeviceToken, useRefreshPushState } from '../api/push-devices';
import { handoffDeviceInfo, storedNativeToken, takeHandoffParams } from '../lib/native-handoff';
import { PUSH_STORAGE_KEYS } from '../lib/web-push';

/**
 * Spec §3/§4 native-app hand-off, in the signed-in shell (so after login): the store apps open
 * the web app with `appInstanceId, fcmToken, appVersion, deviceModel, osVersion, pushStatus`
 * in the query. The non-empty ones are stored, all are removed from the address bar, and the
 * stored token is sent to `POST /api/notifications/device-token` when both it and
 * appInstanceId exist. Renders nothing.
 */
export function NativeHandoff() {
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const refresh = useRefreshPushState();
  const sentFor = useRef<string | null>(null);
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    const rest = takeHandoffParams(location.search);
    if (rest) {
      const query = rest.toString();
      void navigate(
        { pathname: location.pathname, search: query ? `?${query}` : '', hash: location.hash },
        { replace: true, state: location.state },
      );
    }
    const token = storedNativeToken();
    if (!token || sentFor.current === `${userId}:${token}`) return;
    sentFor.current = `${userId}:${token}`;
    void registerDeviceToken(token, handoffDeviceInfo())
      .then(() => refresh())
      .catch((error: unknown) => {
        sentFor.current = null;
        writeStorage(
          PUSH_STORAGE_KEYS.debugError,
          `API Error: ${isApiClientError(error) ? error.message : String(error)}`,
        );
      });
  }, [userId, location, navigate, refresh]);

  return null;
}
