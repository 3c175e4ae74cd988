import { type Home, postalCodeSchema } from '@radar/shared';
import { LocateFixed, MapPin } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompetitionStatusBadge } from '@/components/competition-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { formatDayRange, formatKm } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';

type GeoState = 'idle' | 'locating' | 'denied' | 'unsupported';

/**
 * "Tournaments near you" (spec §2 Dashboard): the open and upcoming tournaments nearest to the
 * postal code the user gives (remembered) or to the browser's position.
 */
export function NearYouCard({
  nearYou,
  error,
  pending,
  onPostal,
  onPosition,
}: {
  nearYou: Home['nearYou'] | undefined;
  /** The message of a failed lookup (an unknown postal code), already translated. */
  error: string | null;
  pending: boolean;
  onPostal: (postal: string) => void;
  onPosition: (lat: number, lng: number) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const known = nearYou?.place?.postalCode ?? '';
  const [postal, setPostal] = useState(known);
  // The remembered postal code arrives with the first answer: show it in the field.
  useEffect(() => {
    if (known) setPostal((current) => current || known);
  }, [known]);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [geo, setGeo] = useState<GeoState>('idle');
  const place = nearYou?.place ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = postalCodeSchema.safeParse(postal);
    if (!parsed.success) {
      setFieldError(t('validation.postalCode'));
      return;
    }
    setFieldError(null);
    onPostal(parsed.data);
  };

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setGeo('unsupported');
      return;
    }
    setGeo('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setGeo('idle');
        onPosition(position.coords.latitude, position.coords.longitude);
      },
      () => setGeo('denied'),
      { timeout: 10_000, maximumAge: 10 * 60 * 1000 },
    );
  };

  const message = fieldError ?? error;
  return (
    <Card aria-labelledby="near-you-title">
      <CardHeader
        titleId="near-you-title"
        icon={MapPin}
        title={t('dashboard.nearYou.title')}
        className="flex flex-col gap-1"
      >
        <CardDescription>
          {place
            ? t('dashboard.nearYou.around', {
                comune: place.comune,
                province: place.provinceSigla,
                postal: place.postalCode,
              })
            : t('dashboard.nearYou.ask')}
        </CardDescription>
      </CardHeader>
      <form onSubmit={submit} className="flex flex-wrap items-start gap-2" noValidate>
        <div className="flex min-w-0 basis-full flex-col gap-1 sm:basis-0 sm:flex-1">
          <label htmlFor="near-you-postal" className="sr-only">
            {t('dashboard.nearYou.postalLabel')}
          </label>
          <Input
            id="near-you-postal"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            placeholder={t('dashboard.nearYou.postalPlaceholder')}
            value={postal}
            onChange={(event) => setPostal(event.target.value.replace(/\D/g, ''))}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? 'near-you-error' : undefined}
            className="min-w-28"
          />
        </div>
        <Button type="submit" variant="primary" aria-busy={pending || undefined}>
          {t('dashboard.nearYou.search')}
        </Button>
        <Button type="button" variant="outline" onClick={locate} disabled={geo === 'locating'}>
          <LocateFixed aria-hidden="true" className="size-4" />
          {geo === 'locating' ? t('dashboard.nearYou.locating') : t('dashboard.nearYou.useLocation')}
        </Button>
      </form>
      {message && (
        <p id="near-you-error" role="alert" className="text-sm text-destructive">
          {message}
        </p>
      )}
      {(geo === 'denied' || geo === 'unsupported') && (
        <p role="status" className="text-sm text-muted-foreground">
          {t(geo === 'denied' ? 'dashboard.nearYou.locationDenied' : 'dashboard.nearYou.locationUnsupported')}
        </p>
      )}
      {place && nearYou && nearYou.items.length === 0 && (
        <p className="text-sm text-muted-foreground">{t('dashboard.nearYou.none')}</p>
      )}
      {nearYou && nearYou.items.length > 0 && (
        <ul className="flex flex-col divide-y divide-border" aria-label={t('dashboard.nearYou.title')}>
          {nearYou.items.map((item) => (
            <li key={item.guid} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <div className="flex min-w-0 flex-col">
                <Link
                  to={paths.competition(item.guid)}
                  className="font-medium text-balance hover:text-primary hover:underline"
                >
                  {item.name}
                </Link>
                <span className="text-sm text-muted-foreground">
                  {[
                    item.city && `${item.city}${item.provinceSigla ? ` (${item.provinceSigla})` : ''}`,
                    formatDayRange(item.startDate, item.endDate, language),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              <div className="flex items-center gap-2">
                <span className="text-sm font-medium whitespace-nowrap">
                  {item.distanceKm !== null
                    ? t('dashboard.nearYou.km', { km: formatKm(item.distanceKm, language) })
                    : t(`dashboard.nearYou.rule.${item.rule}`)}
                </span>
                <CompetitionStatusBadge status={item.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
