import type { Language, TournamentDetail, Venue } from '@radar/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';

/** A venue on one line: address, CAP, municipality (province). */
export function venueLine(venue: Venue): string {
  const place = [venue.cap, venue.municipality].filter(Boolean).join(' ');
  const province = venue.province ? ` (${venue.province})` : '';
  return [venue.address, place ? `${place}${province}` : venue.province].filter(Boolean).join(', ');
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/**
 * What a player needs to go and play (decision 182): fee (its lines as the federation wrote
 * them), balls, court type, match times on weekdays and holidays, when the draw is posted,
 * courts, night play, the venue, gender and age codes. Only what the federation gave is shown.
 */
/** The federation's court types (its wire's three), said in English in the English interface. */
const COURT_TYPES: Record<string, 'outdoor' | 'indoor' | 'both'> = {
  "all' aperto": 'outdoor',
  'al coperto': 'indoor',
  "all' aperto e al coperto": 'both',
};

function courtTypeLabel(t: TFunction, language: Language, value: string): string {
  const known = COURT_TYPES[value.trim().toLowerCase()];
  return known && language !== 'it' ? t(`competition.practical.courtTypes.${known}`) : value;
}

/** The draw's `Gender` code (`M`, `F`, `MF`) in words. */
function genderLabel(t: TFunction, code: string): string {
  const key = code.trim().toUpperCase();
  return key === 'M' || key === 'F' || key === 'MF' ? t(`competition.practical.genders.${key}`) : code;
}

export function PracticalInfo({ tournament: t0 }: { tournament: TournamentDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rows: [string, ReactNode][] = [];
  if (t0.fee)
    rows.push([
      t('competition.practical.fee'),
      <span key="fee" className="whitespace-pre-line">
        {t0.fee}
      </span>,
    ]);
  if (t0.balls) rows.push([t('competition.practical.balls'), t0.balls]);
  if (t0.surface) rows.push([t('competition.practical.courtType'), courtTypeLabel(t, language, t0.surface)]);
  if (t0.weekdayMatchTime) rows.push([t('competition.practical.weekdayTime'), t0.weekdayMatchTime]);
  if (t0.festiveMatchTime) rows.push([t('competition.practical.festiveTime'), t0.festiveMatchTime]);
  if (t0.billboardTime) rows.push([t('competition.practical.billboardTime'), t0.billboardTime]);
  if (t0.courts !== null) rows.push([t('competition.practical.courts'), formatNumber(t0.courts, language)]);
  if (t0.nightPlay !== null)
    rows.push([
      t('competition.practical.nightPlay'),
      t(t0.nightPlay ? 'competition.practical.yes' : 'competition.practical.no'),
    ]);
  if (t0.venue) rows.push([t('competition.practical.venue'), venueLine(t0.venue)]);
  if (t0.gender) rows.push([t('competition.practical.gender'), genderLabel(t, t0.gender)]);
  if (t0.ageCodes.length > 0) rows.push([t('competition.practical.ages'), t0.ageCodes.join(', ')]);
  if (rows.length === 0) return null;
  return (
    <section
      aria-label={t('competition.practical.title')}
      className="rounded-2xl border border-border bg-surface p-5 shadow-sm"
    >
      <h3 className="mb-3 font-semibold">{t('competition.practical.title')}</h3>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {rows.map(([label, value]) => (
          <Row key={label} label={label}>
            {value}
          </Row>
        ))}
      </dl>
    </section>
  );
}
