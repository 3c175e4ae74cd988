import { Bell, Funnel, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { ONBOARDING_STEPS } from '../lib/onboarding';

const ICONS = { createFilters: Funnel, getNotified: Bell, subscribe: Trophy } as const;

/**
 * The onboarding guide's dialog, in its own chunk (Radix dialog): loaded when the guide first
 * opens, never for the first paint (decision 164).
 */
export default function OnboardingDialog({
  open,
  step,
  onStep: setStep,
  onOpenChange: close,
}: {
  open: boolean;
  step: number;
  onStep: (step: number) => void;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const key = ONBOARDING_STEPS[step] ?? ONBOARDING_STEPS[0];
  const Icon = ICONS[key];
  const last = step === ONBOARDING_STEPS.length - 1;
  return (
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
  );
}
