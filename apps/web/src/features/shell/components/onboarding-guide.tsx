import { Bell, CircleHelp, Funnel, Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useAuth } from '@/lib/auth/auth-provider';
import { cn } from '@/lib/utils';
import { isOnboardingDue, markOnboardingSeen, ONBOARDING_STEPS } from '../lib/onboarding';

const ICONS = { createFilters: Funnel, getNotified: Bell, subscribe: Trophy } as const;

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

  const key = ONBOARDING_STEPS[step] ?? ONBOARDING_STEPS[0];
  const Icon = ICONS[key];
  const last = step === ONBOARDING_STEPS.length - 1;

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('shell.onboarding.help')}
        onClick={() => {
          setStep(0);
          setOpen(true);
        }}
      >
        <CircleHelp aria-hidden="true" className="size-5" />
      </Button>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent>
          <p className="text-xs font-semibold tracking-wide text-primary uppercase">
            {t('shell.onboarding.progress', { step: step + 1, total: ONBOARDING_STEPS.length })}
          </p>
          <div className="flex items-center gap-3">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <DialogTitle>{t(`shell.onboarding.steps.${key}.title`)}</DialogTitle>
          </div>
          <DialogDescription className="text-base">
            {t(`shell.onboarding.steps.${key}.description`)}
          </DialogDescription>
          <ol className="flex justify-center gap-2" aria-hidden="true">
            {ONBOARDING_STEPS.map((name, index) => (
              <li
                key={name}
                className={cn('h-1.5 w-8 rounded-full', index <= step ? 'bg-primary' : 'bg-muted')}
              />
            ))}
          </ol>
          <div className="flex flex-wrap justify-between gap-2">
            <Button variant="ghost" onClick={() => close(false)}>
              {t('shell.onboarding.skip')}
            </Button>
            <div className="flex gap-2">
              {step > 0 && (
                <Button variant="outline" onClick={() => setStep(step - 1)}>
                  {t('shell.onboarding.back')}
                </Button>
              )}
              <Button onClick={() => (last ? close(false) : setStep(step + 1))}>
                {t(last ? 'shell.onboarding.done' : 'shell.onboarding.next')}
              </Button>
            </div>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
