import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isApiClientError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { writeStorage } from '@/lib/storage';
import { registerDeviceToken, useRefreshPushState } from '../api/push-devices';
import {
  type Handoff,
  handoffDeviceInfo,
  handoffNeedsConfirmation,
  storedNativeToken,
  storeHandoff,
  takeHandoffParams,
} from '../lib/native-handoff';
import { PUSH_STORAGE_KEYS } from '../lib/web-push';

/**
 * Spec §3/§4 native-app hand-off, in the signed-in shell (so after login): the store apps open
 * the web app with `appInstanceId, fcmToken, appVersion, deviceModel, osVersion, pushStatus`
 * in the query. All are removed from the address bar at once. A hand-off that brings a new
 * token or app instance is stored only after the user confirms "connect this device" (issue 28,
 * decision 193: a link alone, which anyone can send, must not register someone else's token on
 * this account); one that repeats the stored token is stored as it comes. The stored token is
 * sent to `POST /api/notifications/device-token` when both it and appInstanceId exist.
 */
export function NativeHandoff() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const refresh = useRefreshPushState();
  const sentFor = useRef<string | null>(null);
  const [pending, setPending] = useState<Handoff | null>(null);
  /** Bumped when a confirmed hand-off is stored, so the token is sent. */
  const [stored, setStored] = useState(0);
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    const taken = takeHandoffParams(location.search);
    if (!taken) return;
    const query = taken.rest.toString();
    void navigate(
      { pathname: location.pathname, search: query ? `?${query}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
    if (handoffNeedsConfirmation(taken.handoff)) {
      setPending(taken.handoff);
    } else {
      storeHandoff(taken.handoff);
      setStored((count) => count + 1);
    }
  }, [userId, location, navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `stored` re-runs the send after a confirmed hand-off.
  useEffect(() => {
    if (!userId) return;
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
  }, [userId, refresh, stored]);

  const device = pending?.deviceModel ?? pending?.osVersion ?? t('shell.nativeHandoff.unknownDevice');
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => {
        // Cancelled or dismissed: the hand-off is dropped, nothing stored or sent.
        if (!open) setPending(null);
      }}
      title={t('shell.nativeHandoff.title', { device })}
      description={t('shell.nativeHandoff.description', { device })}
      confirmLabel={t('shell.nativeHandoff.confirm')}
      onConfirm={() => {
        if (pending) storeHandoff(pending);
        setPending(null);
        setStored((count) => count + 1);
      }}
    />
  );
}
