import { Beer, HeartHandshake, Server, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config';
import { ExternalLinkButton, SupportHero, SupportSectionTitle } from './support-page-parts';

const COSTS = ['hosting', 'email', 'domain', 'time'] as const;

/**
 * The donation page (spec §1, §2: "buy me a beer"): why the service is free and without ads,
 * what it costs to run, and the donation link (DONATION_URL; hidden when unset).
 */
export function DonatePage() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const donationUrl = config.data?.donationUrl ?? null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-10 px-4 py-16 sm:px-6 md:py-24">
      <SupportHero icon={Beer} title={t('donate.title')} lead={t('donate.lead')} />
      <section aria-labelledby="donate-why" className="flex flex-col gap-3">
        <SupportSectionTitle id="donate-why" icon={ShieldCheck}>
          {t('donate.why.title')}
        </SupportSectionTitle>
        <p className="text-pretty text-muted-foreground">{t('donate.why.body')}</p>
      </section>
      <section aria-labelledby="donate-costs" className="flex flex-col gap-3">
        <SupportSectionTitle id="donate-costs" icon={Server}>
          {t('donate.costs.title')}
        </SupportSectionTitle>
        <ul className="grid gap-3 sm:grid-cols-2">
          {COSTS.map((cost) => (
            <li key={cost} className="rounded-2xl border border-border bg-surface p-4 shadow-sm">
              <p className="font-medium">{t(`donate.costs.${cost}.title`)}</p>
              <p className="text-sm text-muted-foreground">{t(`donate.costs.${cost}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section
        aria-labelledby="donate-action"
        className="flex flex-col items-start gap-4 rounded-2xl border border-border bg-surface p-6 shadow-sm"
      >
        <SupportSectionTitle id="donate-action" icon={HeartHandshake}>
          {t('donate.action.title')}
        </SupportSectionTitle>
        <p className="text-pretty text-muted-foreground">{t('donate.action.body')}</p>
        {donationUrl ? (
          <ExternalLinkButton href={donationUrl} size="lg" icon={Beer} iconClassName="size-5">
            {t('donate.action.button')}
          </ExternalLinkButton>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {t('donate.action.otherWays')}{' '}
          <Link to={paths.ambassador} className="font-medium text-primary hover:underline">
            {t('donate.action.share')}
          </Link>
        </p>
      </section>
    </div>
  );
}
