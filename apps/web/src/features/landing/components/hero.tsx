import { ArrowRight, HandHeart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Decorative radar sweep behind the hero's text on wide screens. */
function RadarIllustration() {
  return (
    <svg viewBox="0 0 400 400" aria-hidden="true" className="h-auto w-full max-w-md">
      <defs>
        <radialGradient id="hero-radar-glow" cx="50%" cy="50%" r="50%">
          <stop offset="0%" stopColor="var(--primary)" stopOpacity="0.22" />
          <stop offset="100%" stopColor="var(--primary)" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="hero-radar-sweep" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="var(--primary)" stopOpacity="0.45" />
          <stop offset="100%" stopColor="var(--primary)" stopOpacity="0" />
        </linearGradient>
      </defs>
      <circle cx="200" cy="200" r="190" fill="url(#hero-radar-glow)" />
      {[170, 125, 80, 35].map((r) => (
        <circle key={r} cx="200" cy="200" r={r} fill="none" stroke="var(--primary)" strokeOpacity="0.3" />
      ))}
      <path d="M200 20v360M20 200h360" stroke="var(--primary)" strokeOpacity="0.15" />
      <g className="origin-center motion-safe:animate-[spin_6s_linear_infinite]">
        <path d="M200 200V30a170 170 0 0 1 147.2 85z" fill="url(#hero-radar-sweep)" />
        <path d="M200 200l147.2-85" stroke="var(--primary)" strokeWidth="3" strokeLinecap="round" />
      </g>
      <circle cx="200" cy="200" r="7" fill="var(--primary)" />
      <circle cx="262" cy="104" r="14" fill="var(--accent)" />
      <circle cx="120" cy="262" r="9" fill="var(--accent)" fillOpacity="0.7" />
      <circle cx="300" cy="250" r="6" fill="var(--accent)" fillOpacity="0.5" />
    </svg>
  );
}

export function Hero() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b border-border">
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-header to-background" />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:grid-cols-[1.2fr_1fr] md:py-24">
        <div className="flex flex-col items-start gap-6">
          <h1 id="hero-title" className="text-lg font-semibold tracking-wide text-primary uppercase">
            {t('app.name')}
          </h1>
          <p className="text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {t('app.tagline')}
          </p>
          <p className="max-w-xl text-lg text-pretty text-muted-foreground">{t('landing.hero.lead')}</p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={paths.register}>
                {t('landing.hero.register')}
                <ArrowRight aria-hidden="true" className="size-5" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.login}>{t('landing.hero.login')}</Link>
            </Button>
          </div>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <HandHeart aria-hidden="true" className="size-4 text-primary" />
            {t('landing.hero.note')}
          </p>
        </div>
        <div className="hidden justify-center md:flex">
          <RadarIllustration />
        </div>
      </div>
    </section>
  );
}
