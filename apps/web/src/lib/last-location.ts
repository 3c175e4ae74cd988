import { STORAGE_KEYS } from '@radar/shared';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSession(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Not remembered: nothing to return to.
  }
}

/**
 * Spec §2: when the page becomes hidden, the current location is remembered for the session
 * (`lastLocation`); when it becomes visible again, the app returns there if it is elsewhere
 * (an installed app the system reopened at its start page, for instance).
 */
export function useLastLocation(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const current = `${location.pathname}${location.search}${location.hash}`;
  const currentRef = useRef(current);
  currentRef.current = current;

  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') {
        writeSession(STORAGE_KEYS.lastLocation, currentRef.current);
        return;
      }
      const last = readSession(STORAGE_KEYS.lastLocation);
      if (last?.startsWith('/') && last !== currentRef.current) void navigate(last, { replace: true });
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [navigate]);
}
