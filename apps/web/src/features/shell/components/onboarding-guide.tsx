import { CircleHelp } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/auth-provider';
import { isOnboardingDue, markOnboardingSeen } from '../lib/onboarding';

const loadDialog = () => import('./onboarding-dialog');
const OnboardingDialog = lazy(loadDialog);

/** Opens the guide from elsewhere (the '?' help dialog, a shortcut). */
export const OPEN_ONBOARDING_EVENT = 'radar:open-onboarding';

/**
 * Spec §1/§2 "Onboarding guide": the three steps (create filters; receive notifications of
 * matching tournaments, draws and schedules; subscribe to tournaments), shown once after the
 * user's first sign-in on this device (see {@link SignInWatcher}), and reopened at any time by
 * the help icon in the header.
 */
export function OnboardingGuide() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState(0);
  const userId = user?.id;
  // The dialog's code loads when the guide first opens, and stays.
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);

  useEffect(() => {
    if (userId && isOnboardingDue(userId)) {
      setStep(0);
      setOpen(true);
    }
  }, [userId]);

  useEffect(() => {
    const reopen = () => {
      setStep(0);
      setOpen(true);
    };
    window.addEventListener(OPEN_ONBOARDING_EVENT, reopen);
    return () => window.removeEventListener(OPEN_ONBOARDING_EVENT, reopen);
  }, []);

  const close = (next: boolean) => {
    setOpen(next);
    if (!next && userId) markOnboardingSeen(userId);
  };

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('shell.onboarding.help')}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onTouchStart={() => void loadDialog()}
        onClick={() => {
          setStep(0);
          setOpen(true);
        }}
      >
        <CircleHelp aria-hidden="true" className="size-5" />
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <OnboardingDialog open={open} step={step} onStep={setStep} onOpenChange={close} />
        </Suspense>
      )}
    </>
  );
}
