import { CircleCheck, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LandingSection } from './section-heading';

const COMPETITIONS = ['fitp', 'tpra', 'teams'] as const;
type Competition = (typeof COMPETITIONS)[number];

/**
 * Which sport is covered for which competition family (spec §9: FITP covers tennis, padel,
 * beach tennis and pickleball; TPRA and team championships are tennis only for now, the rest
 * coming soon).
 */
const SPORTS = [
  { id: 'tennis', supported: ['fitp', 'tpra', 'teams'] },
  { id: 'padel', supported: ['fitp'] },
  { id: 'beachTennis', supported: ['fitp'] },
  { id: 'pickleball', supported: ['fitp'] },
] as const satisfies readonly { id: string; supported: readonly Competition[] }[];

function SupportCell({ supported }: { supported: boolean }) {
  const { t } = useTranslation();
  return supported ? (
    <span className="inline-flex flex-col items-start gap-1 font-medium text-success sm:flex-row sm:items-center sm:gap-1.5">
      <CircleCheck aria-hidden="true" className="size-4 shrink-0 sm:size-5" />
      {t('landing.support.supported')}
    </span>
  ) : (
    <span className="inline-flex flex-col items-start gap-1 font-medium text-muted-foreground sm:flex-row sm:items-center sm:gap-1.5 sm:rounded-full sm:bg-muted sm:px-2.5 sm:py-1 sm:text-xs">
      <Clock aria-hidden="true" className="size-4 shrink-0 sm:size-3.5" />
      {t('landing.support.comingSoon')}
    </span>
  );
}

export function SportsSupportTable() {
  const { t } = useTranslation();
  return (
    <LandingSection
      id="support-title"
      title={t('landing.support.title')}
      subtitle={t('landing.support.subtitle')}
      className="max-w-4xl"
    >
      <div className="overflow-x-auto rounded-2xl border border-border bg-surface shadow-sm">
        <table className="w-full min-w-[20rem] border-collapse text-left text-xs sm:text-sm">
          <caption className="sr-only">{t('landing.support.caption')}</caption>
          <thead className="bg-muted/60">
            <tr>
              <th scope="col" className="px-3 py-3 font-semibold sm:px-5">
                {t('landing.support.sport')}
              </th>
              {COMPETITIONS.map((competition) => (
                <th key={competition} scope="col" className="px-3 py-3 font-semibold sm:px-5">
                  {t(`landing.support.${competition}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SPORTS.map((sport) => (
              <tr key={sport.id} className="border-t border-border">
                <th scope="row" className="px-3 py-4 font-medium sm:px-5">
                  {t(`landing.support.${sport.id}`)}
                </th>
                {COMPETITIONS.map((competition) => (
                  <td key={competition} className="px-3 py-4 sm:px-5">
                    <SupportCell
                      supported={(sport.supported as readonly Competition[]).includes(competition)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </LandingSection>
  );
}
