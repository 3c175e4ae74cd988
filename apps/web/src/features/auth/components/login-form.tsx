import { type LoginBody, loginBodySchema } from '@radar/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths, withQuery } from '@/config/paths';
import { isApiClientError } from '@/lib/api-client';
import { schemaResolver, showServerFieldErrors } from '@/lib/forms';
import { translateApiError } from '@/lib/translate-api-error';
import { useLogin } from '../api/login';

/** Email (or username) and password; an unverified account is offered the verification. */
export function LoginForm({ redirect, defaultEmail }: { redirect: string | null; defaultEmail: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm<LoginBody>({
    resolver: schemaResolver(loginBodySchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // On success the user is signed in and the route guard moves on to `redirect`.
      await login.mutateAsync(values);
    } catch (error) {
      showServerFieldErrors(error, form.setError, ['email', 'password']);
    }
  });

  const error = login.error;
  const unverifiedEmail =
    isApiClientError(error) && error.code === 'EMAIL_NOT_VERIFIED'
      ? ((error.data as { email?: string } | undefined)?.email ?? form.getValues('email'))
      : null;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {error && !(isApiClientError(error) && error.code === 'VALIDATION_ERROR') && (
        <Alert variant="error">
          <p>{translateApiError(t, error)}</p>
          {unverifiedEmail && (
            <Button
              size="sm"
              variant="outline"
              className="self-start"
              onClick={() => void navigate(withQuery(paths.verify, { email: unverifiedEmail, redirect }))}
            >
              {t('auth.notVerified.action')}
            </Button>
          )}
        </Alert>
      )}
      <FormField
        label={t('auth.fields.emailOrUsername')}
        autoComplete="username"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormField
        label={t('auth.fields.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        action={
          <Link
            to={withQuery(paths.resetPassword, {
              email: form.watch('email').includes('@') ? form.watch('email') : null,
            })}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('auth.forgotPassword')}
          </Link>
        }
        {...form.register('password')}
      />
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t('auth.submitting') : t('auth.submitLogin')}
      </Button>
    </form>
  );
}
