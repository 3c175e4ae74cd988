import { type RegisterBody, registerBodySchema } from '@radar/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NewPasswordFields } from '@/components/password-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths, withQuery } from '@/config/paths';
import { isApiClientError } from '@/lib/api-client';
import { schemaResolver, showServerFieldErrors } from '@/lib/forms';
import { getLanguage } from '@/lib/i18n';
import { translateApiError } from '@/lib/translate-api-error';
import { useRegister } from '../api/register';
import { EmailField } from './auth-fields';

const FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;

/** Username, email and password twice; then on to the verification code. */
export function RegisterForm({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm<RegisterBody>({
    resolver: schemaResolver(registerBodySchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { email } = await register.mutateAsync({ ...values, language: getLanguage() });
      await navigate(withQuery(paths.verify, { email, redirect }), { state: { codeSent: true } });
    } catch (error) {
      if (isApiClientError(error) && error.code === 'EMAIL_ALREADY_EXISTS') {
        form.setError('email', { type: 'server', message: translateApiError(t, error) });
      } else if (isApiClientError(error) && error.code === 'USERNAME_ALREADY_EXISTS') {
        form.setError('username', { type: 'server', message: translateApiError(t, error) });
      } else {
        showServerFieldErrors(error, form.setError, FIELDS);
      }
    }
  });

  const error = register.error;
  const shownOnFields =
    isApiClientError(error) &&
    ['VALIDATION_ERROR', 'EMAIL_ALREADY_EXISTS', 'USERNAME_ALREADY_EXISTS'].includes(error.code ?? '');

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {error && !shownOnFields && <Alert variant="error">{translateApiError(t, error)}</Alert>}
      <FormField
        label={t('auth.fields.username')}
        autoComplete="username"
        hint={t('auth.usernameHint')}
        error={errors.username?.message}
        {...form.register('username')}
      />
      <EmailField form={form} />
      <NewPasswordFields form={form} label={t('auth.fields.password')} password="password" />
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t('auth.submitting') : t('auth.submitRegister')}
      </Button>
    </form>
  );
}
