import type { Notification } from '@radar/shared';
import { BellOff, CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingBlock } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { translateApiError } from '@/lib/translate-api-error';
import { cn } from '@/lib/utils';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-notification';
import { useFormatDateTime, useNotificationText } from './use-notification-text';

function NotificationRow({ notification, selected }: { notification: Notification; selected: boolean }) {
  const { t } = useTranslation();
  const text = useNotificationText()(notification);
  const formatDateTime = useFormatDateTime();
  return (
    <li>
      <Link
        to={paths.notification(notification.id)}
        aria-current={selected ? 'page' : undefined}
        className={cn(
          'flex gap-3 rounded-xl border px-4 py-3 transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          selected ? 'border-primary bg-primary/5' : 'border-border bg-surface hover:bg-muted',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'mt-2 size-2 shrink-0 rounded-full',
            notification.read ? 'bg-transparent' : 'bg-primary',
          )}
        />
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className={cn('truncate text-sm', notification.read ? 'font-medium' : 'font-semibold')}>
            {text.title}
          </span>
          <span className="line-clamp-2 text-sm text-muted-foreground">{text.body}</span>
          <span className="text-xs text-muted-foreground">
            {formatDateTime(notification.createdAt)}
            {notification.read ? null : <span className="sr-only"> · {t('communication.list.unread')}</span>}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The inbox: newest first, unread ones marked, "mark all read", and older pages on demand. */
export function NotificationList({ selectedId }: { selectedId?: string | undefined }) {
  const { t } = useTranslation();
  const query = useNotifications();
  const markAll = useMarkAllNotificationsRead();

  if (query.isPending) {
    return <LoadingBlock label={t('app.loading')} size="section" />;
  }
  if (query.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-xl border border-border p-4 text-sm"
      >
        <p>{t('communication.list.loadError')}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('communication.list.retry')}
        </Button>
      </div>
    );
  }

  const items = query.data.pages.flatMap((page) => page.items);
  const unreadCount = query.data.pages[0]?.unreadCount ?? 0;

  return (
    <section aria-label={t('communication.list.label')} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {t('communication.list.unreadCount', { count: unreadCount })}
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={unreadCount === 0 || markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: t('communication.updateError'),
                  description: translateApiError(t, error),
                }),
            })
          }
        >
          <CheckCheck aria-hidden="true" className="size-4" />
          {t('communication.list.markAllRead')}
        </Button>
      </div>
      {items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-10 text-center text-muted-foreground">
          <BellOff aria-hidden="true" className="size-8" />
          <p>{t('communication.list.empty')}</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((notification) => (
            <NotificationRow
              key={notification.id}
              notification={notification}
              selected={notification.id === selectedId}
            />
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button
          variant="ghost"
          className="self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('communication.list.loadMore')}
        </Button>
      ) : null}
    </section>
  );
}
