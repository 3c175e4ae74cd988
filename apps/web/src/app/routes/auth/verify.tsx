import { MAX_CODE_ATTEMPTS, type VerifyEmailBody, verifyEmailBodySchema } from '@radar/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths, withQuery } from '@/config/paths';
import { resendVerification, useVerifyEmail } from '@/features/auth/api/verify-email';
import { EmailCodeFields } from '@/features/auth/components/auth-fields';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { ResendCode } from '@/features/auth/components/resend-code';
import { isApiClientError } from '@/lib/api-client';
import { schemaResolver, showServerFieldErrors } from '@/lib/forms';
import { translateApiError } from '@/lib/translate-api-error';

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
        !knownEmail
          ? t('auth.verify.descriptionNoEmail')
          : codeSent
            ? t('auth.verify.description', { email: knownEmail })
            : // Reached from the login (an unverified account): nothing was sent on this path.
              t('auth.verify.descriptionNotSent', { email: knownEmail })
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
        <EmailCodeFields form={form} knownEmail={Boolean(knownEmail)} />
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
