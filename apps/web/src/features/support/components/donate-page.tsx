import { Beer, HeartHandshake, Server, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config';

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
      <div className="flex flex-col gap-4">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
          <Beer aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t('donate.title')}</h1>
        <p className="text-lg text-pretty text-muted-foreground">{t('donate.lead')}</p>
      </div>
      <section aria-labelledby="donate-why" className="flex flex-col gap-3">
        <h2 id="donate-why" className="flex items-center gap-2 text-xl font-semibold">
          <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          {t('donate.why.title')}
        </h2>
        <p className="text-pretty text-muted-foreground">{t('donate.why.body')}</p>
      </section>
      <section aria-labelledby="donate-costs" className="flex flex-col gap-3">
        <h2 id="donate-costs" className="flex items-center gap-2 text-xl font-semibold">
          <Server aria-hidden="true" className="size-5 text-primary" />
          {t('donate.costs.title')}
        </h2>
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
        <h2 id="donate-action" className="flex items-center gap-2 text-xl font-semibold">
          <HeartHandshake aria-hidden="true" className="size-5 text-primary" />
          {t('donate.action.title')}
        </h2>
        <p className="text-pretty text-muted-foreground">{t('donate.action.body')}</p>
        {donationUrl ? (
          <Button asChild size="lg">
            <a href={donationUrl} target="_blank" rel="noopener noreferrer" data-external="">
              <Beer aria-hidden="true" className="size-5" />
              {t('donate.action.button')}
            </a>
          </Button>
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
