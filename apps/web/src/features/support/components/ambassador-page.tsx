import { Apple, Check, Copy, Megaphone, Share2, Smartphone, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '@/components/qr-code';
import { Button } from '@/components/ui/button';
import { usePublicConfig } from '@/lib/public-config';
import { ExternalLinkButton, SupportHero, SupportSectionTitle } from './support-page-parts';

/**
 * The ambassador page (spec §1, §2): share the app (Web Share API, else copy the address; and
 * its QR code), the beta-tester community invitation (COMMUNITY_URL) and the mobile apps
 * (IOS_APP_URL, ANDROID_APP_URL). An unset link hides its element.
 */
export function AmbassadorPage() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const appUrl = config.data?.appUrl ?? window.location.origin;
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(appUrl);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('app.name'), text: t('ambassador.share.text'), url: appUrl });
        return;
      } catch (error) {
        // The person closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copy();
  };

  const community = config.data?.communityUrl ?? null;
  const ios = config.data?.iosAppUrl ?? null;
  const android = config.data?.androidAppUrl ?? null;
  const linkButton = 'inline-flex';

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-10 px-4 py-16 sm:px-6 md:py-24">
      <SupportHero icon={Megaphone} title={t('ambassador.title')} lead={t('ambassador.lead')} />

      <section
        aria-labelledby="ambassador-share"
        className="grid items-center gap-6 rounded-2xl border border-border bg-surface p-6 shadow-sm sm:grid-cols-[1fr_auto]"
      >
        <div className="flex flex-col items-start gap-3">
          <SupportSectionTitle id="ambassador-share" icon={Share2}>
            {t('ambassador.share.title')}
          </SupportSectionTitle>
          <p className="text-pretty text-muted-foreground">{t('ambassador.share.body')}</p>
          <p className="rounded-lg bg-muted px-3 py-2 font-mono text-sm break-all" data-app-url="">
            {appUrl}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void share()}>
              <Share2 aria-hidden="true" className="size-4" />
              {t('ambassador.share.button')}
            </Button>
            <Button variant="outline" onClick={() => void copy()}>
              {copied === 'copied' ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <Copy aria-hidden="true" className="size-4" />
              )}
              {t('ambassador.share.copy')}
            </Button>
          </div>
          <p role="status" className="min-h-5 text-sm text-muted-foreground">
            {copied === 'copied'
              ? t('ambassador.share.copied')
              : copied === 'failed'
                ? t('ambassador.share.copyFailed')
                : ''}
          </p>
        </div>
        <figure className="flex flex-col items-center gap-2">
          <QrCode value={appUrl} label={t('ambassador.share.qr')} />
          <figcaption className="text-xs text-muted-foreground">{t('ambassador.share.qrCaption')}</figcaption>
        </figure>
      </section>

      {community && (
        <section aria-labelledby="ambassador-community" className="flex flex-col items-start gap-3">
          <SupportSectionTitle id="ambassador-community" icon={Users}>
            {t('ambassador.community.title')}
          </SupportSectionTitle>
          <p className="text-pretty text-muted-foreground">{t('ambassador.community.body')}</p>
          <ExternalLinkButton href={community} variant="outline" className={linkButton}>
            {t('ambassador.community.button')}
          </ExternalLinkButton>
        </section>
      )}

      {(ios || android) && (
        <section aria-labelledby="ambassador-apps" className="flex flex-col items-start gap-3">
          <SupportSectionTitle id="ambassador-apps" icon={Smartphone}>
            {t('ambassador.apps.title')}
          </SupportSectionTitle>
          <p className="text-pretty text-muted-foreground">{t('ambassador.apps.body')}</p>
          <div className="flex flex-wrap gap-2">
            {ios && (
              <ExternalLinkButton href={ios} variant="outline" icon={Apple}>
                {t('ambassador.apps.ios')}
              </ExternalLinkButton>
            )}
            {android && (
              <ExternalLinkButton href={android} variant="outline" icon={Smartphone}>
                {t('ambassador.apps.android')}
              </ExternalLinkButton>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
