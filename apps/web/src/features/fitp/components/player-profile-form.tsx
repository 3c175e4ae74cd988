import { birthYearSchema, type FitpCard, PLAYER_GENDERS, type PlayerGender } from '@radar/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { inputClassName } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { isApiClientError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useUpdateFitpSettings } from '../api/update-fitp-settings';

/** The server's message for a field of a refused body, if any. */
function serverFieldError(error: unknown, field: string): string | undefined {
  if (!isApiClientError(error) || error.code !== 'VALIDATION_ERROR') return undefined;
  const data = error.data as { fields?: Record<string, string[]> } | undefined;
  return data?.fields?.[field]?.[0];
}

/**
 * What the card sheet does not say, asked of the player (docs/decisions/206): gender in the draws'
 * sense and birth year, both optional. They decide "Puoi iscriverti" on women's, men's and age
 * draws; without them those draws say what is missing instead of guessing.
 */
export function PlayerProfileForm({ card }: { card: FitpCard }) {
  const { t } = useTranslation();
  const id = useId();
  const settings = useUpdateFitpSettings();
  const [gender, setGender] = useState<PlayerGender | ''>(card.gender ?? '');
  const [birthYear, setBirthYear] = useState(card.birthYear === null ? '' : String(card.birthYear));
  const [yearError, setYearError] = useState<string | undefined>();

  const submit = () => {
    const typed = birthYear.trim();
    const year = typed === '' ? null : /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
    const checked = birthYearSchema.safeParse(Number.isNaN(year) ? 0 : year);
    if (!checked.success) {
      // The schema's one message for a year out of range or not a year.
      setYearError(t('validation.birthYearRange'));
      return;
    }
    setYearError(undefined);
    settings.mutate(
      { gender: gender === '' ? null : gender, birthYear: checked.data },
      { onSuccess: () => toast({ title: t('fitp.profile.saved') }) },
    );
  };

  const genderError = serverFieldError(settings.error, 'gender');
  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border border-border p-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex flex-col gap-0.5">
        <h3 id={`${id}-title`} className="text-sm font-semibold">
          {t('fitp.profile.title')}
        </h3>
        <p className="text-xs text-muted-foreground">{t('fitp.profile.hint')}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-gender`} className="text-sm font-medium">
            {t('fitp.profile.gender')}
          </label>
          <select
            id={`${id}-gender`}
            className={cn(inputClassName, 'appearance-auto')}
            value={gender}
            aria-invalid={genderError ? true : undefined}
            disabled={settings.isPending}
            onChange={(event) => setGender(event.target.value as PlayerGender | '')}
          >
            <option value="">{t('fitp.profile.genderNone')}</option>
            {PLAYER_GENDERS.map((g) => (
              <option key={g} value={g}>
                {t(g === 'M' ? 'fitp.profile.genderM' : 'fitp.profile.genderF')}
              </option>
            ))}
          </select>
          {genderError && <p className="text-sm text-destructive">{genderError}</p>}
        </div>
        <FormField
          label={t('fitp.profile.birthYear')}
          inputMode="numeric"
          autoComplete="bday-year"
          maxLength={4}
          value={birthYear}
          error={yearError ?? serverFieldError(settings.error, 'birthYear')}
          disabled={settings.isPending}
          onChange={(event) => {
            setBirthYear(event.target.value);
            setYearError(undefined);
          }}
        />
      </div>
      <div>
        <Button type="submit" variant="outline" disabled={settings.isPending}>
          {settings.isPending ? (
            <>
              <Spinner className="size-4" />
              <span role="status">{t('fitp.profile.saving')}</span>
            </>
          ) : (
            t('fitp.profile.save')
          )}
        </Button>
      </div>
    </form>
  );
}
