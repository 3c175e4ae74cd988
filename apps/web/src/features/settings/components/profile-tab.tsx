import { LANGUAGES, type UpdateProfileBody, type User, updateProfileBodySchema } from '@radar/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { inputClassName } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { SwitchField } from '@/components/ui/switch-field';
import { schemaResolver } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { translateApiError } from '@/lib/translate-api-error';
import { cn } from '@/lib/utils';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

const LANGUAGE_NAMES = { it: 'language.it', en: 'language.en' } as const;

function ProfileForm({ profile }: { profile: User }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileBody>({
    resolver: schemaResolver(updateProfileBodySchema),
    defaultValues: { language: profile.language, emailNotifications: profile.emailNotifications },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset({ language: saved.language, emailNotifications: saved.emailNotifications });
      // In the language just chosen.
      toast({ title: i18n.t('settings.profile.saved') });
    } catch {
      // Shown below.
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {update.error && <Alert variant="error">{translateApiError(t, update.error)}</Alert>}
      <FormField
        label={t('settings.profile.username')}
        value={profile.username}
        readOnly
        hint={t('settings.profile.usernameHint')}
      />
      <FormField label={t('settings.profile.email')} value={profile.email} readOnly type="email" />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="profile-language" className="text-sm font-medium">
          {t('settings.profile.language')}
        </label>
        <select
          id="profile-language"
          className={cn(inputClassName, 'appearance-auto read-only:bg-surface')}
          {...form.register('language')}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(LANGUAGE_NAMES[language])}
            </option>
          ))}
        </select>
        <p className="text-xs text-muted-foreground">{t('settings.profile.languageHint')}</p>
      </div>
      <Controller
        control={form.control}
        name="emailNotifications"
        render={({ field }) => (
          <SwitchField
            id="profile-email-notifications"
            label={t('settings.profile.emailNotifications')}
            hint={t('settings.profile.emailNotificationsHint')}
            checked={field.value ?? false}
            onCheckedChange={field.onChange}
          />
        )}
      />
      <Button
        type="submit"
        className="self-start"
        disabled={form.formState.isSubmitting || !form.formState.isDirty}
      >
        {form.formState.isSubmitting ? t('settings.saving') : t('settings.profile.save')}
      </Button>
    </form>
  );
}

/** Settings › Profile: read-only username and email, preferred language, email notifications. */
export function ProfileTab() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <Card aria-labelledby="profile-title">
      <div className="flex flex-col gap-1">
        <CardTitle id="profile-title">{t('settings.profile.title')}</CardTitle>
        <CardDescription>{t('settings.profile.description')}</CardDescription>
      </div>
      {profile.data ? (
        <ProfileForm profile={profile.data} />
      ) : profile.error ? (
        <Alert variant="error">{translateApiError(t, profile.error)}</Alert>
      ) : (
        <div role="status" aria-label={t('app.loading')} className="flex justify-center py-8">
          <Spinner />
        </div>
      )}
    </Card>
  );
}
