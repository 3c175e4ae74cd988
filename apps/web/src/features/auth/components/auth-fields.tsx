import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';

type EmailForm = FieldValues & { email: string };
type CodeForm = EmailForm & { code: string };

/** The email field of the authentication forms. */
export function EmailField<T extends EmailForm>({ form }: { form: UseFormReturn<T> }) {
  const { t } = useTranslation();
  const name = 'email' as FieldPath<T>;
  return (
    <FormField
      label={t('auth.fields.email')}
      type="email"
      autoComplete="email"
      error={form.getFieldState(name, form.formState).error?.message}
      {...form.register(name)}
    />
  );
}

/**
 * The emailed 6-digit code (verification, password reset), after the email field when the
 * address did not come with the link.
 */
export function EmailCodeFields<T extends CodeForm>({
  form,
  knownEmail,
}: {
  form: UseFormReturn<T>;
  knownEmail: boolean;
}) {
  const { t } = useTranslation();
  const name = 'code' as FieldPath<T>;
  return (
    <>
      {!knownEmail && <EmailField form={form} />}
      <FormField
        label={t('auth.fields.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="[&_input]:font-mono [&_input]:tracking-[0.4em]"
        error={form.getFieldState(name, form.formState).error?.message}
        {...form.register(name)}
      />
    </>
  );
}
