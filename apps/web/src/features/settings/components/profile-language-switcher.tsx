import type { Language } from '@radar/shared';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/language-switcher';
import { useAuth } from '@/lib/auth/auth-provider';
import { setLanguage } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { translateApiError } from '@/lib/translate-api-error';
import { useUpdateProfile } from '../api/update-profile';

/**
 * The header's language switch when signed in: the interface changes at once, and the choice
 * becomes the profile's preferred language, which the emails follow (issue 31 point 5). A save
 * that fails says so; the interface keeps the language chosen.
 */
export function ProfileLanguageSwitcher() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const update = useUpdateProfile();
  const choose = (language: Language) => {
    void setLanguage(language);
    if (!user || user.language === language) return;
    update.mutate(
      { language },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('language.profileError'),
            description: translateApiError(t, error),
          }),
      },
    );
  };
  return <LanguageSwitcher onChoose={choose} />;
}
