import { PASSWORD_MIN } from '@radar/shared';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';

/**
 * A new password and its confirmation, with the strength hint of the shared schema: one piece
 * for registration, password reset and the account's password change (each names its password field).
 */
export function NewPasswordFields<T extends FieldValues & { confirmPassword: string }>({
  form,
  label,
  password,
}: {
  form: UseFormReturn<T>;
  /** The first field's label (e.g. "Password" on registration, "New password" elsewhere). */
  label: string;
  /** The new password's field; its confirmation is always `confirmPassword`. */
  password: FieldPath<T>;
}) {
  const { t } = useTranslation();
  const confirmPassword = 'confirmPassword' as FieldPath<T>;
  const errorOf = (name: FieldPath<T>) => form.getFieldState(name, form.formState).error?.message;
  return (
    <>
      <FormField
        label={label}
        type="password"
        autoComplete="new-password"
        hint={t('validation.passwordStrength', { count: PASSWORD_MIN })}
        error={errorOf(password)}
        {...form.register(password)}
      />
      <FormField
        label={t('auth.fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errorOf(confirmPassword)}
        {...form.register(confirmPassword)}
      />
    </>
  );
}
