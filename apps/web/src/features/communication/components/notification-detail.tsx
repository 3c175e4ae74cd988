import { notificationDetails } from '@radar/shared';
import { ArrowLeft, ExternalLink, FileText, ShieldAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingBlock } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { translateApiError } from '@/lib/translate-api-error';
import { useLanguage } from '@/lib/use-language';
import { useNotification } from '../api/get-notification';
import { useMarkNotification } from '../api/mark-notification';
import { useFormatDateTime, useNotificationText } from './use-notification-text';

/**
 * One notification; opening it marks it read. A failure says the user may lack permission.
 * "Mark unread" holds: the notification is marked read once per opening (its first answer), not
 * each time it reads unread, so only opening it again marks it read again.
 */
export function NotificationDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useNotification(id);
  const mark = useMarkNotification();
  const textOf = useNotificationText();
  const formatDateTime = useFormatDateTime();
  const language = useLanguage();
  /** Whether this opening has had its look at the notification (and marked it read if unread). */
  const opened = useRef(false);

  const notification = query.data;
  // Once the answer is settled: a copy kept from earlier is looked at only if no fresher one is on its way.
  const settled = notification !== undefined && !query.isFetching;
  useEffect(() => {
    if (!settled || !notification || opened.current) return;
    opened.current = true;
    if (!notification.read) mark.mutate({ id: notification.id, read: true });
  }, [settled, notification, mark]);

  const back = (
    <Link
      to={paths.communication}
      className="inline-flex items-center gap-1.5 text-sm text-primary underline-offset-4 hover:underline md:hidden"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('communication.detail.back')}
    </Link>
  );

  if (query.isPending) {
    return <LoadingBlock label={t('app.loading')} size="section" />;
  }
  if (query.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-10 text-center text-muted-foreground"
        >
          <ShieldAlert aria-hidden="true" className="size-8" />
          <p>{t('communication.detail.noPermission')}</p>
        </div>
      </div>
    );
  }

  const { title, body } = textOf(query.data);
  const { params } = query.data;
  // What the tournament is and the values it matched on, in the words of the email (@radar/shared).
  const { reasons, facts } = notificationDetails(language, params, new Date(query.data.createdAt));
  const onToggleRead = () =>
    mark.mutate(
      { id: query.data.id, read: !query.data.read },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('communication.updateError'),
            description: translateApiError(t, error),
          }),
      },
    );

  return (
    <article className="flex flex-col gap-4" aria-labelledby="notification-title">
      {back}
      <header className="flex flex-col gap-1">
        <h2 id="notification-title" className="text-xl font-semibold tracking-tight text-balance">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t('communication.detail.received', { date: formatDateTime(query.data.createdAt) })}
        </p>
      </header>
      <p className="text-pretty">{body}</p>
      {facts.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm">
          {facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      ) : null}
      {reasons.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">{t('communication.detail.reasons')}</h3>
          <ul className="flex flex-wrap gap-2">
            {reasons.map((reason) => (
              <li key={reason} className="rounded-full bg-muted px-3 py-1 text-sm">
                {reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {params.matchingFilters ? (
        <p className="text-sm">
          {t('communication.detail.matchingFilters', { count: params.matchingFilters })}
        </p>
      ) : null}
      {params.documentName ? (
        <p className="text-sm">{t('communication.detail.document', { name: params.documentName })}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {params.competitionGuid ? (
          <Button asChild>
            <Link to={paths.competition(params.competitionGuid)}>
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('communication.detail.openTournament')}
            </Link>
          </Button>
        ) : null}
        {params.fileUrl ? (
          <Button asChild variant="outline">
            <a href={params.fileUrl} target="_blank" rel="noopener">
              <FileText aria-hidden="true" className="size-4" />
              {query.data.type === 'new_order_of_play'
                ? t('communication.detail.openOrderOfPlay')
                : t('communication.detail.openDocument')}
            </a>
          </Button>
        ) : null}
        <Button variant="outline" onClick={onToggleRead} disabled={mark.isPending}>
          {query.data.read ? t('communication.detail.markUnread') : t('communication.detail.markRead')}
        </Button>
      </div>
    </article>
  );
}
