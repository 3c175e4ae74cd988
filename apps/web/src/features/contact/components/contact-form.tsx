import { CONTACT_MESSAGE_MAX, type ContactBodyInput, contactBodySchema } from '@radar/shared';
import { CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { inputClassName } from '@/components/ui/input';
import { isApiClientError } from '@/lib/api-client';
import { schemaResolver, showServerFieldErrors } from '@/lib/forms';
import { translateApiError } from '@/lib/translate-api-error';
import { cn } from '@/lib/utils';
import { useSendContact } from '../api/send-contact';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/**
 * The contact form (spec §2, §5, §8): name, email, subject and message (under 5000
 * characters); a signed-in user's name and email come filled in. `website` is a honeypot,
 * hidden from people and assistive technology.
 */
export function ContactForm({ defaults }: { defaults: { name: string; email: string } }) {
  const { t } = useTranslation();
  const send = useSendContact();
  const messageId = useId();
  const form = useForm<ContactBodyInput>({
    resolver: schemaResolver(contactBodySchema),
    defaultValues: { name: defaults.name, email: defaults.email, subject: '', message: '', website: '' },
  });
  const { errors } = form.formState;
  const length = form.watch('message')?.length ?? 0;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      form.reset({ ...defaults, subject: '', message: '', website: '' });
    } catch (error) {
      showServerFieldErrors(error, form.setError, FIELDS);
    }
  });

  if (send.isSuccess) {
    return (
      <div
        role="status"
        className="flex flex-col items-start gap-4 rounded-2xl border border-border bg-surface p-6 shadow-sm"
      >
        <p className="flex items-center gap-2 text-lg font-semibold text-success">
          <CircleCheck aria-hidden="true" className="size-6" />
          {send.data.message}
        </p>
        <Button variant="outline" onClick={() => send.reset()}>
          {t('contactForm.another')}
        </Button>
      </div>
    );
  }

  const error = send.error;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t('contactForm.title')}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-6 shadow-sm"
    >
      {error && !(isApiClientError(error) && error.code === 'VALIDATION_ERROR') && (
        <Alert variant="error">
          <p>{translateApiError(t, error)}</p>
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('contactForm.name')}
          autoComplete="name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <FormField
          label={t('contactForm.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <FormField
        label={t('contactForm.subject')}
        error={errors.subject?.message}
        {...form.register('subject')}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={messageId} className="text-sm font-medium">
          {t('contactForm.message')}
        </label>
        <textarea
          id={messageId}
          rows={7}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={`${messageId}-count${errors.message ? ` ${messageId}-error` : ''}`}
          className={cn(inputClassName, 'h-auto min-h-36 py-2')}
          {...form.register('message')}
        />
        <p
          id={`${messageId}-count`}
          className={cn('text-xs text-muted-foreground', length > CONTACT_MESSAGE_MAX && 'text-destructive')}
        >
          {t('contactForm.count', { count: length, max: CONTACT_MESSAGE_MAX })}
        </p>
        {errors.message && (
          <p id={`${messageId}-error`} className="text-sm text-destructive">
            {errors.message.message}
          </p>
        )}
      </div>
      {/* Honeypot: off-screen, not announced, not tabbable; people leave it empty. */}
      <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
        <label>
          Website
          <input type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
        </label>
      </div>
      <Button type="submit" className="self-start" disabled={send.isPending}>
        {send.isPending ? t('contactForm.sending') : t('contactForm.send')}
      </Button>
    </form>
  );
}
