import { CalendarPlus, Check, Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { translateApiError } from '@/lib/translate-api-error';
import { useCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed';

/**
 * "Add to calendar": the personal calendar feed of followed tournaments and registration
 * deadlines, as a webcal link (calendar apps subscribe to it) and an address to copy; a new
 * address can replace it (the old one stops working). The address is asked for on first use.
 */
export function CalendarFeedCard({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const feed = useCalendarFeed(open);
  const reset = useResetCalendarFeed();
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Card aria-labelledby="calendar-feed-title" className={compact ? 'gap-3 p-4 sm:p-5' : undefined}>
      <CardTitle id="calendar-feed-title" icon={CalendarPlus}>
        {t('calendarFeed.title')}
      </CardTitle>
      <CardDescription>{t('calendarFeed.description')}</CardDescription>
      {!open ? (
        <Button variant="outline" className="self-start" onClick={() => setOpen(true)}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          {t('calendarFeed.add')}
        </Button>
      ) : feed.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {translateApiError(t, feed.error)}
        </p>
      ) : !feed.data ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('calendarFeed.loading')}
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <a href={feed.data.webcalUrl} data-external="">
                <CalendarPlus aria-hidden="true" className="size-4" />
                {t('calendarFeed.subscribe')}
              </a>
            </Button>
            <Button variant="outline" onClick={() => void copy(feed.data.url)}>
              {copied ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <Copy aria-hidden="true" className="size-4" />
              )}
              {t('calendarFeed.copy')}
            </Button>
          </div>
          <label className="flex flex-col gap-1 text-sm">
            <span className="text-muted-foreground">{t('calendarFeed.address')}</span>
            <input
              readOnly
              value={feed.data.url}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 w-full rounded-lg border border-border bg-muted px-3 font-mono text-xs"
              data-calendar-url=""
            />
          </label>
          <p role="status" className="min-h-5 text-sm text-muted-foreground">
            {copied ? t('calendarFeed.copied') : ''}
          </p>
          <p className="text-xs text-muted-foreground">{t('calendarFeed.private')}</p>
          <Button variant="ghost" size="sm" className="self-start" onClick={() => setConfirming(true)}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('calendarFeed.reset.button')}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('calendarFeed.reset.title')}
            description={t('calendarFeed.reset.description')}
            confirmLabel={t('calendarFeed.reset.confirm')}
            pending={reset.isPending}
            onConfirm={() =>
              reset.mutate(undefined, {
                onSuccess: () => {
                  setCopied(false);
                  setConfirming(false);
                },
              })
            }
          />
        </div>
      )}
    </Card>
  );
}
