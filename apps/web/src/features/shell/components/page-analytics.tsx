import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { sendPageview } from '../api/send-pageview';
import { useConsent } from '../lib/consent';

/**
 * Spec §2 "Page analytics is sent on each route change": one page view per path change
 * (not per query-string change), only once the user has accepted (nothing before consent).
 */
export function PageAnalytics() {
  const { pathname } = useLocation();
  const consent = useConsent();
  useEffect(() => {
    if (consent !== 'accepted') return;
    void sendPageview(pathname);
  }, [pathname, consent]);
  return null;
}
