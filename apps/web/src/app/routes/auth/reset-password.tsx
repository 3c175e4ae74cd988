import {
  type EmailBody,
  emailBodySchema,
  type ResetPasswordBody,
  resetPasswordBodySchema,
} from '@radar/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { NewPasswordFields } from '@/components/password-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths, withQuery } from '@/config/paths';
import { requestReset, useRequestReset, useResetPassword } from '@/features/auth/api/reset-password';
import { EmailCodeFields, EmailField } from '@/features/auth/components/auth-fields';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { ResendCode } from '@/features/auth/components/resend-code';
import { isApiClientError } from '@/lib/api-client';
import { schemaResolver, showServerFieldErrors } from '@/lib/forms';
import { translateApiError } from '@/lib/translate-api-error';

/** `/auth/reset-password` (signed out only): step 1, the email to send the code to. */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const request = useRequestReset();
  const form = useForm<EmailBody>({
    resolver: schemaResolver(emailBodySchema),
    defaultValues: { email: searchParams.get('email') ?? '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
      await navigate(withQuery(paths.resetPasswordConfirm, { email: values.email }), {
        state: { codeSent: true },
      });
    } catch (error) {
      showServerFieldErrors(error, form.setError, ['email']);
    }
  });

  const error = request.error;
  return (
    <AuthShell title={t('auth.reset.title')} description={t('auth.reset.description')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {error && !(isApiClientError(error) && error.code === 'VALIDATION_ERROR') && (
          <Alert variant="error">{translateApiError(t, error)}</Alert>
        )}
        <EmailField form={form} />
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('auth.submitting') : t('auth.reset.submit')}
        </Button>
      </form>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Link
          to={withQuery(paths.resetPasswordConfirm, { email: form.watch('email') || null })}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('auth.reset.haveCode')}
        </Link>
        <Link to={paths.login} className="font-medium text-primary underline-offset-4 hover:underline">
          {t('auth.verify.backToLogin')}
        </Link>
      </div>
    </AuthShell>
  );
}

/** `/auth/reset-password/confirm?email=` (signed out only): step 2, code and new password, then success. */
export function ResetPasswordConfirmRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const email = searchParams.get('email') ?? '';
  const reset = useResetPassword();
  const form = useForm<ResetPasswordBody>({
    resolver: schemaResolver(resetPasswordBodySchema),
    defaultValues: { email, code: '', password: '', confirmPassword: '' },
  });
  const codeSent = (location.state as { codeSent?: boolean } | null)?.codeSent === true;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
    } catch (error) {
      showServerFieldErrors(error, form.setError, ['email', 'code', 'password', 'confirmPassword']);
    }
  });

  if (reset.isSuccess) {
    return (
      <AuthShell title={t('auth.reset.successTitle')}>
        <Alert variant="success">{t(`success.${reset.data.code}`)}</Alert>
        <Button asChild size="lg">
          <Link to={withQuery(paths.login, { email: form.getValues('email') })}>
            {t('auth.reset.goToLogin')}
          </Link>
        </Button>
      </AuthShell>
    );
  }

  const error = reset.error;
  return (
    <AuthShell
      title={t('auth.reset.confirmTitle')}
      description={
        email ? t('auth.reset.confirmDescription', { email }) : t('auth.reset.confirmDescriptionNoEmail')
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {error && !(isApiClientError(error) && error.code === 'VALIDATION_ERROR') && (
          <Alert variant="error">{translateApiError(t, error)}</Alert>
        )}
        <EmailCodeFields form={form} knownEmail={Boolean(email)} />
        <NewPasswordFields form={form} label={t('auth.fields.newPassword')} password="password" />
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('auth.submitting') : t('auth.reset.confirmSubmit')}
        </Button>
      </form>
      <ResendCode justSent={codeSent} send={() => requestReset({ email: form.getValues('email') })} />
    </AuthShell>
  );
}
