import type { WhatsNew } from '@radar/shared';
import { Megaphone, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDay, formatInstant } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';

/**
 * What's New (spec §2): the dated product changes and the platform updates the user received,
 * newest first; what arrived after `lastSeenAt` is marked new.
 */
export function WhatsNewList({ data }: { data: WhatsNew }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const lastSeen = data.lastSeenAt;
  const items = [
    ...data.entries.map((e) => ({
      key: `entry-${e.id}`,
      kind: 'release' as const,
      at: `${e.date}T00:00:00Z`,
      when: formatDay(e.date, language, 'long'),
      title: e.title,
      body: e.body,
      fresh: lastSeen !== null && e.date > lastSeen.slice(0, 10),
    })),
    ...data.updates.map((u) => ({
      key: `update-${u.id}`,
      kind: 'update' as const,
      at: u.createdAt,
      when: formatInstant(u.createdAt, language),
      title: t('whatsNew.update'),
      body: u.message,
      fresh: lastSeen !== null && u.createdAt > lastSeen,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));

  if (items.length === 0) {
    return (
      <EmptyState
        icon={Sparkles}
        title={t('whatsNew.empty.title')}
        description={t('whatsNew.empty.description')}
        className="p-10"
      >
        <Button asChild variant="outline">
          <Link to={paths.explore}>{t('whatsNew.empty.action')}</Link>
        </Button>
      </EmptyState>
    );
  }
  return (
    <ol className="flex flex-col gap-4" aria-label={t('pages.whatsnew.title')}>
      {items.map((item) => {
        const Icon = item.kind === 'release' ? Sparkles : Megaphone;
        return (
          <li
            key={item.key}
            className={cn(
              'flex gap-4 rounded-2xl border border-border bg-surface p-5 shadow-sm',
              item.fresh && 'border-primary/50',
            )}
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="flex min-w-0 flex-col gap-1">
              <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <time dateTime={item.at}>{item.when}</time>
                {item.fresh && (
                  <span className="rounded-full bg-primary px-2 py-0.5 font-semibold text-primary-foreground">
                    {t('whatsNew.new')}
                  </span>
                )}
              </p>
              <h2 className="font-semibold text-balance">{item.title}</h2>
              <p className="text-sm text-pretty whitespace-pre-line text-muted-foreground">{item.body}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
