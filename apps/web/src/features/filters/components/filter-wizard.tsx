import {
  FILTER_TIME_PERIODS,
  type Filter,
  type FilterBody,
  type FilterBodyInput,
  type FilterCriteria,
  filterBodySchema,
} from '@radar/shared';
import { Check } from 'lucide-react';
import { Fragment, useEffect, useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FilterFields } from '@/components/filter-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { SwitchField } from '@/components/ui/switch-field';
import { useCreateFilter } from '@/features/filters/api/create-filter';
import {
  CRITERIA_FIELDS,
  type FilterFormValues,
  formValuesOfCriteria,
  formValuesOfFilter,
} from '@/features/filters/api/criteria';
import { useFilters } from '@/features/filters/api/get-filters';
import { useUpdateFilter } from '@/features/filters/api/update-filter';
import { isApiClientError } from '@/lib/api-client';
import { schemaResolver, showServerFieldErrors } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { translateApiError } from '@/lib/translate-api-error';
import { cn } from '@/lib/utils';
import { CriteriaSummary } from './filter-summary';

type Field = FieldPath<FilterBodyInput>;

/** The wizard's steps (spec §2): name; tournament details; customisation. */
const STEPS = [
  { key: 'name', fields: ['name'] },
  { key: 'details', fields: CRITERIA_FIELDS },
  { key: 'customise', fields: ['notificationsEnabled'] },
] as const satisfies readonly { key: string; fields: readonly Field[] }[];
type StepKey = (typeof STEPS)[number]['key'];

const ALL_FIELDS: readonly Field[] = STEPS.flatMap((step) => step.fields);
const stepOf = (field: string) =>
  Math.max(
    0,
    STEPS.findIndex((step) => (step.fields as readonly string[]).includes(field)),
  );

export interface FilterWizardProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this filter; without it the wizard creates one. */
  filter?: Filter | undefined;
  /** A new filter's starting criteria (save-as-filter from a search). */
  initialCriteria?: FilterCriteria | undefined;
  onSaved?: (filter: Filter) => void;
}

/**
 * Create or edit a filter in three steps, each checked with the shared body schema before the
 * next: 1) name (not one of the user's other filters' names, whatever its case), 2) tournament
 * details, 3) notifications and a review. The server's answers land on the fields: a duplicate
 * name on the name (back on step 1: a filter saved meanwhile elsewhere), VALIDATION_ERROR
 * messages on their fields (back on the first step holding one).
 */
export function FilterWizard({ open, onOpenChange, ...props }: FilterWizardProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-3xl">
        {open && <WizardForm {...props} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function WizardForm({
  filter,
  initialCriteria,
  onSaved,
  onDone,
}: Omit<FilterWizardProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const { t } = useTranslation();
  const [start] = useState(() =>
    filter
      ? { values: formValuesOfFilter(filter), droppedPeriod: null }
      : formValuesOfCriteria(initialCriteria),
  );
  const [step, setStep] = useState(0);
  const create = useCreateFilter();
  const update = useUpdateFilter();
  // The user's filters as last loaded: a name one of the others has is refused at step 1. The
  // server's unique index (one name per user, whatever its case) still has the last word.
  const saved = useFilters();
  const nameTaken = (name: string) => {
    const wanted = name.trim().toLowerCase();
    return (saved.data?.items ?? []).some(
      (other) => other.id !== filter?.id && other.name.trim().toLowerCase() === wanted,
    );
  };
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<FilterBodyInput, unknown, FilterBody>({
    resolver: schemaResolver(filterBodySchema),
    defaultValues: start.values,
  });
  const { errors, isSubmitting } = form.formState;
  const values = form.watch() as FilterFormValues;
  const current = STEPS[step] ?? STEPS[0];

  // A new step is announced and keyboard focus starts from its top (step 1 focuses its field).
  const progressRef = useRef<HTMLParagraphElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step > 0) progressRef.current?.focus();
  }, [step]);

  const next = async () => {
    if (!(await form.trigger([...current.fields]))) return;
    if (current.key === 'name' && nameTaken(form.getValues('name'))) {
      form.setError('name', { type: 'taken', message: t('errors.FILTER_NAME_TAKEN') }, { shouldFocus: true });
      return;
    }
    setStep((s) => Math.min(s + 1, STEPS.length - 1));
  };

  const save = form.handleSubmit(
    async (body) => {
      setFailure(null);
      try {
        const saved = filter
          ? await update.mutateAsync({ id: filter.id, body })
          : await create.mutateAsync(body);
        toast({
          title: t(filter ? 'filters.wizard.updated' : 'filters.wizard.created', { name: saved.name }),
        });
        onSaved?.(saved);
        onDone();
      } catch (error) {
        if (isApiClientError(error) && error.code === 'FILTER_NAME_TAKEN') {
          form.setError('name', { type: 'server', message: translateApiError(t, error) });
          setStep(0);
          return;
        }
        if (showServerFieldErrors(error, form.setError, ALL_FIELDS)) {
          const first = ALL_FIELDS.find((field) => form.getFieldState(field).error);
          setStep(first ? stepOf(first) : 0);
          return;
        }
        setFailure(error);
        toast({ variant: 'destructive', title: translateApiError(t, error) });
      }
    },
    (invalid) => {
      const first = ALL_FIELDS.find((field) => invalid[field as keyof typeof invalid]);
      if (first) setStep(stepOf(first));
    },
  );

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step < STEPS.length - 1) void next();
    else void save(event);
  };

  const stepTitle = (key: StepKey) => t(`filters.wizard.steps.${key}`);
  const fieldError = (field: Field) => errors[field as keyof typeof errors]?.message as string | undefined;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="flex flex-col gap-1 pr-8">
        <DialogTitle>{filter ? t('filters.wizard.editTitle') : t('filters.wizard.createTitle')}</DialogTitle>
        <DialogDescription ref={progressRef} tabIndex={-1} className="focus:outline-none">
          {t('filters.wizard.progress', {
            step: step + 1,
            total: STEPS.length,
            title: stepTitle(current.key),
          })}
        </DialogDescription>
      </div>

      <ol aria-label={t('filters.wizard.stepsLabel')} className="flex items-center gap-2">
        {STEPS.map((item, index) => {
          const done = index < step;
          const here = index === step;
          return (
            <Fragment key={item.key}>
              {index > 0 && (
                <li
                  aria-hidden="true"
                  className={cn('h-px flex-1', done || here ? 'bg-primary' : 'bg-border')}
                />
              )}
              <li aria-current={here ? 'step' : undefined} className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                    done && 'border-primary bg-primary text-primary-foreground',
                    here && 'border-primary text-primary',
                    !done && !here && 'border-border text-muted-foreground',
                  )}
                >
                  {done ? <Check className="size-4" /> : index + 1}
                </span>
                <span
                  className={cn('text-sm', here ? 'font-semibold' : 'hidden text-muted-foreground sm:inline')}
                >
                  <span className="sr-only">
                    {t(done ? 'filters.wizard.stepDone' : 'filters.wizard.stepNumber', { step: index + 1 })}
                  </span>
                  {stepTitle(item.key)}
                </span>
              </li>
            </Fragment>
          );
        })}
      </ol>

      {failure !== null && <Alert variant="error">{translateApiError(t, failure)}</Alert>}

      {current.key === 'name' && (
        <FormField
          label={t('filters.wizard.name')}
          hint={t('filters.wizard.nameHint')}
          autoComplete="off"
          maxLength={100}
          autoFocus
          error={fieldError('name')}
          {...form.register('name')}
        />
      )}

      {current.key === 'details' && (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-muted-foreground">{t('filters.wizard.detailsHint')}</p>
          {start.droppedPeriod && (
            <Alert>
              {t('filters.wizard.periodDropped', {
                period: t(`competitions.timePeriod.${start.droppedPeriod}`),
              })}
            </Alert>
          )}
          <FilterFields
            criteria={values}
            periods={FILTER_TIME_PERIODS}
            onChange={(patch) => {
              for (const [field, value] of Object.entries(patch)) {
                form.setValue(field as Field, value as never, { shouldDirty: true });
                form.clearErrors(field as Field);
              }
            }}
            errors={Object.fromEntries(CRITERIA_FIELDS.map((field) => [field, fieldError(field)]))}
          />
        </div>
      )}

      {current.key === 'customise' && (
        <div className="flex flex-col gap-5">
          <SwitchField
            id="filter-notifications"
            label={t('filters.wizard.notifications')}
            hint={t('filters.wizard.notificationsHint')}
            checked={values.notificationsEnabled}
            onCheckedChange={(checked) =>
              form.setValue('notificationsEnabled', checked, { shouldDirty: true })
            }
          />
          <section
            aria-labelledby="filter-review-title"
            className="flex flex-col gap-3 rounded-xl bg-muted/50 p-4"
          >
            <h3 id="filter-review-title" className="text-sm font-semibold">
              {t('filters.wizard.review')}
            </h3>
            <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
              <dt className="text-muted-foreground">{t('filters.wizard.name')}</dt>
              <dd className="font-medium break-words">{values.name}</dd>
              <dt className="text-muted-foreground">{t('filters.wizard.criteria')}</dt>
              <dd>
                <CriteriaSummary criteria={values} />
              </dd>
              <dt className="text-muted-foreground">{t('filters.wizard.notifications')}</dt>
              <dd className="font-medium">
                {values.notificationsEnabled ? t('filters.wizard.on') : t('filters.wizard.off')}
              </dd>
            </dl>
          </section>
        </div>
      )}

      <div className="flex flex-wrap justify-between gap-2 border-t border-border pt-4">
        {step === 0 ? (
          <Button key="cancel" variant="ghost" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        ) : (
          <Button key="back" variant="ghost" onClick={() => setStep((s) => Math.max(0, s - 1))}>
            {t('filters.wizard.back')}
          </Button>
        )}
        {step < STEPS.length - 1 ? (
          <Button key="next" type="submit">
            {t('filters.wizard.next')}
          </Button>
        ) : (
          <Button key="save" type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('filters.wizard.saving') : t('filters.wizard.save')}
          </Button>
        )}
      </div>
    </form>
  );
}
