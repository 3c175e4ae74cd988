import { MAX_CODE_ATTEMPTS, type VerifyEmailBody, verifyEmailBodySchema } from '@radar/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths, withQuery } from '@/config/paths';
import { isApiClientError } from '@/lib/api-client';
import { schemaResolver, showServerFieldErrors } from '@/lib/forms';
import { translateApiError } from '@/lib/translate-api-error';
import { resendVerification, useVerifyEmail } from '../api/verify-email';
import { AuthShell } from '../components/auth-shell';
import { ResendCode } from '../components/resend-code';

/** `/auth/verify?email=` (signed out only): the 6-digit code; success signs the user in. */
export function VerifyRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const knownEmail = searchParams.get('email') ?? '';
  const redirect = searchParams.get('redirect');
  const verify = useVerifyEmail();
  const form = useForm<VerifyEmailBody>({
    resolver: schemaResolver(verifyEmailBodySchema),
    defaultValues: { email: knownEmail, code: '' },
  });
  const { errors } = form.formState;
  const codeSent = (location.state as { codeSent?: boolean } | null)?.codeSent === true;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // Signed in: the route guard moves on to `redirect` or /home.
      await verify.mutateAsync(values);
    } catch (error) {
      showServerFieldErrors(error, form.setError, ['email', 'code']);
    }
  });

  const error = verify.error;
  const attemptsLeft =
    isApiClientError(error) && error.code === 'INVALID_VERIFICATION_CODE'
      ? (error.data as { attemptsLeft?: number } | undefined)?.attemptsLeft
      : undefined;

  return (
    <AuthShell
      title={t('auth.verify.title')}
      description={
        knownEmail ? t('auth.verify.description', { email: knownEmail }) : t('auth.verify.descriptionNoEmail')
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {error && !(isApiClientError(error) && error.code === 'VALIDATION_ERROR') && (
          <Alert variant="error">
            <p>{translateApiError(t, error)}</p>
            {attemptsLeft !== undefined && attemptsLeft < MAX_CODE_ATTEMPTS && (
              <p>{t('auth.verify.attemptsLeft', { count: attemptsLeft })}</p>
            )}
            {isApiClientError(error) && error.code === 'EMAIL_ALREADY_VERIFIED' && (
              <Link
                to={withQuery(paths.login, { email: form.getValues('email'), redirect })}
                className="font-medium text-primary underline"
              >
                {t('auth.verify.backToLogin')}
              </Link>
            )}
          </Alert>
        )}
        {!knownEmail && (
          <FormField
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
        )}
        <FormField
          label={t('auth.fields.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className="[&_input]:font-mono [&_input]:tracking-[0.4em]"
          error={errors.code?.message}
          {...form.register('code')}
        />
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('auth.submitting') : t('auth.verify.submit')}
        </Button>
      </form>
      <ResendCode justSent={codeSent} send={() => resendVerification({ email: form.getValues('email') })} />
      <Link
        to={withQuery(paths.login, { redirect })}
        className="text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('auth.verify.backToLogin')}
      </Link>
    </AuthShell>
  );
}
