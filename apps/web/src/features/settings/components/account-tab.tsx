import {
  ACCOUNT_DELETION_WORDS,
  type ChangePasswordBody,
  changePasswordBodySchema,
  isAccountDeletionWord,
} from '@radar/shared';
import { LogOut, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NewPasswordFields } from '@/components/password-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-provider';
import { schemaResolver, showServerFieldErrors } from '@/lib/forms';
import { getLanguage } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { translateApiError } from '@/lib/translate-api-error';
import { useChangePassword, useDeleteAccount, useLogoutEverywhere } from '../api/account';

function ChangePassword({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const { refreshUser } = useAuth();
  const change = useChangePassword();
  const form = useForm<ChangePasswordBody>({
    resolver: schemaResolver(changePasswordBodySchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset();
      toast({ title: t('settings.account.password.changed') });
      if (!hasPassword) await refreshUser({ force: true });
    } catch (error) {
      if (
        !showServerFieldErrors(error, form.setError, ['currentPassword', 'newPassword', 'confirmPassword'])
      ) {
        const message = translateApiError(t, error);
        if ((error as { code?: string }).code === 'WRONG_PASSWORD') {
          form.setError('currentPassword', { type: 'server', message });
        }
      }
    }
  });
  const error = change.error as { code?: string } | null;
  const onFields = error?.code === 'VALIDATION_ERROR' || error?.code === 'WRONG_PASSWORD';

  return (
    <Card aria-labelledby="password-title">
      <div className="flex flex-col gap-1">
        <CardTitle id="password-title">{t('settings.account.password.title')}</CardTitle>
        <CardDescription>
          {hasPassword
            ? t('settings.account.password.description')
            : t('settings.account.password.noPasswordDescription')}
        </CardDescription>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {change.error && !onFields && <Alert variant="error">{translateApiError(t, change.error)}</Alert>}
        {hasPassword && (
          <FormField
            label={t('auth.fields.currentPassword')}
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
        )}
        <NewPasswordFields form={form} label={t('auth.fields.newPassword')} password="newPassword" />
        <Button type="submit" className="self-start" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('settings.saving') : t('settings.account.password.submit')}
        </Button>
      </form>
    </Card>
  );
}

function LogoutEverywhere() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { clearSession } = useAuth();
  const logout = useLogoutEverywhere();
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    try {
      await logout.mutateAsync();
      setOpen(false);
      clearSession();
      await navigate(paths.login, { replace: true });
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <Card aria-labelledby="sessions-title">
      <div className="flex flex-col gap-1">
        <CardTitle id="sessions-title">{t('settings.account.sessions.title')}</CardTitle>
        <CardDescription>{t('settings.account.sessions.description')}</CardDescription>
      </div>
      <Button variant="outline" className="self-start" onClick={() => setOpen(true)}>
        <LogOut aria-hidden="true" className="size-4" />
        {t('settings.account.sessions.action')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>{t('settings.account.sessions.confirmTitle')}</DialogTitle>
          <DialogDescription>{t('settings.account.sessions.confirmDescription')}</DialogDescription>
          {logout.error && <Alert variant="error">{translateApiError(t, logout.error)}</Alert>}
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="ghost">{t('common.cancel')}</Button>
            </DialogClose>
            <Button onClick={() => void confirm()} disabled={logout.isPending}>
              {t('settings.account.sessions.confirm')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function DeleteAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const word = ACCOUNT_DELETION_WORDS[getLanguage()];
  const confirmed = isAccountDeletionWord(typed);

  const submit = async () => {
    try {
      await remove.mutateAsync({ confirmation: typed });
      // The goodbye page forgets the session once it shows: forgetting it here would send this
      // signed-in screen to the login first (spec §4 "Account deletion").
      await navigate(paths.goodbye, { replace: true, state: { accountDeleted: true } });
    } catch {
      // Shown below.
    }
  };

  return (
    <Card aria-labelledby="deletion-title" className="border-destructive/40">
      <div className="flex flex-col gap-1">
        <CardTitle id="deletion-title">{t('settings.account.deletion.title')}</CardTitle>
        <CardDescription>{t('settings.account.deletion.description')}</CardDescription>
      </div>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed) void submit();
        }}
      >
        {remove.error && <Alert variant="error">{translateApiError(t, remove.error)}</Alert>}
        <FormField
          label={t('settings.account.deletion.confirmLabel', { word })}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button
          type="submit"
          variant="destructive"
          className="self-start"
          disabled={!confirmed || remove.isPending}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {remove.isPending ? t('settings.account.deletion.deleting') : t('settings.account.deletion.action')}
        </Button>
      </form>
    </Card>
  );
}

/** Settings › Account: password change, sign-out on every device, account deletion. */
export function AccountTab() {
  const { user } = useAuth();
  return (
    <div className="flex flex-col gap-6">
      <ChangePassword hasPassword={user?.hasPassword ?? true} />
      <LogoutEverywhere />
      <DeleteAccount />
    </div>
  );
}
