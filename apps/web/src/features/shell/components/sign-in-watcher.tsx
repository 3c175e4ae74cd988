import { useEffect, useRef } from 'react';
import { useAuth } from '@/lib/auth/auth-provider';
import { markOnboardingDue } from '../lib/onboarding';

/**
 * Notices a sign-in on this page (signed out, then signed in: login, registration and
 * verification) and makes the onboarding guide due for that user. A page opened with a
 * session already in place is not a sign-in, so returning users are not shown the guide
 * again; it opens once per account and device (spec §1/§2 "Onboarding guide").
 */
export function SignInWatcher() {
  const { status, user } = useAuth();
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'signedOut' && status === 'signedIn' && user) markOnboardingDue(user.id);
    previous.current = status;
  }, [status, user]);
  return null;
}
