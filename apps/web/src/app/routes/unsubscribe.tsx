import { NOTIFICATION_GROUPS, type NotificationGroup } from '@radar/shared';
import { CircleCheck, Info, MailX, TriangleAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NotificationPreferencesTable } from '@/components/notification-preferences-table';
import { PageHeader } from '@/components/page-header';
import { LoadingBlock } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import {
  useUnsubscribePreferences,
  useUpdateUnsubscribePreferences,
} from '@/features/unsubscribe/api/unsubscribe';
import { DeleteAccount } from '@/features/unsubscribe/components/delete-account';
import { UnsubscribeCard } from '@/features/unsubscribe/components/unsubscribe-card';
import { isApiClientError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { toast } from '@/lib/toast';
import { translateApiError } from '@/lib/translate-api-error';

const EMAIL_ONLY = ['email'] as const;

function groupsFrom(value: string | null): NotificationGroup[] {
  const named = (value ?? '').split(',').map((group) => group.trim());
  return NOTIFICATION_GROUPS.filter((group) => named.includes(group));
}

/**
 * `/unsubscribe?token=…&groups=…` (public, no login): the email preferences of the link's
 * user, a one-tap "stop these emails" for the groups the email was about, and account deletion.
 */
export function UnsubscribeRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const linkGroups = groupsFrom(search.get('groups'));
  const query = useUnsubscribePreferences(token);
  const update = useUpdateUnsubscribePreferences(token);
  const [done, setDone] = useState<string | null>(null);
  const navigate = useNavigate();
  const { user } = useAuth();

  const save = (changes: { group: NotificationGroup; enabled: boolean }[], message?: string) =>
    update.mutate(
      { preferences: changes.map((change) => ({ ...change, channel: 'email' as const })) },
      {
        onSuccess: () => setDone(message ?? null),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('unsubscribe.updateError'),
            description: translateApiError(t, error),
          }),
      },
    );

  const header = <PageHeader title={t('unsubscribe.title')} description={t('unsubscribe.description')} />;
  const page = (content: ReactNode) => (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
      {header}
      {content}
    </div>
  );

  if (!token || query.isError) {
    const message =
      !token || !isApiClientError(query.error)
        ? t('errors.UNSUBSCRIBE_TOKEN_INVALID')
        : translateApiError(t, query.error);
    return page(
      <UnsubscribeCard>
        <p role="alert" className="flex items-start gap-2">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
          {message}
        </p>
        <Link to={paths.login} className="text-sm text-primary underline-offset-4 hover:underline">
          {t('unsubscribe.login')}
        </Link>
      </UnsubscribeCard>,
    );
  }
  if (query.isPending) {
    return page(<LoadingBlock label={t('app.loading')} size="section" />);
  }

  const data = query.data;
  const groupNames = linkGroups.map((group) => t(`notifications.groups.${group}`)).join(', ');
  const linkGroupsOn = linkGroups.some((group) => data.preferences.find((p) => p.group === group)?.email);

  return page(
    <>
      <p className="text-sm text-muted-foreground">
        {t('unsubscribe.account', { username: data.account.username, email: data.account.email })}
      </p>
      {done ? (
        <p role="status" className="flex items-start gap-2 rounded-xl bg-muted p-3 text-sm">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          {done}
        </p>
      ) : null}
      {!data.emailNotifications ? (
        <p role="note" className="flex items-start gap-2 rounded-xl bg-muted p-3 text-sm">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('unsubscribe.masterOff')}
        </p>
      ) : null}
      {linkGroups.length > 0 && linkGroupsOn ? (
        <UnsubscribeCard>
          <h2 className="text-lg font-semibold">{t('unsubscribe.quick.title')}</h2>
          <Button
            // The groups of a digest can make a long label: it wraps instead of leaving the card.
            className="h-auto min-h-10 max-w-full self-start py-2 text-left whitespace-normal"
            disabled={update.isPending}
            onClick={() =>
              save(
                linkGroups.map((group) => ({ group, enabled: false })),
                t('unsubscribe.quick.done', { groups: groupNames }),
              )
            }
          >
            <MailX aria-hidden="true" className="size-4" />
            {t('unsubscribe.quick.action', { groups: groupNames })}
          </Button>
        </UnsubscribeCard>
      ) : null}
      <UnsubscribeCard>
        <h2 className="text-lg font-semibold">{t('unsubscribe.emailsTitle')}</h2>
        <NotificationPreferencesTable
          preferences={data.preferences}
          channels={EMAIL_ONLY}
          disabled={update.isPending}
          onChange={({ group, enabled }) => save([{ group, enabled }])}
        />
        <Button
          variant="outline"
          className="self-start"
          disabled={update.isPending || data.preferences.every((p) => !p.email)}
          onClick={() =>
            save(
              NOTIFICATION_GROUPS.map((group) => ({ group, enabled: false })),
              t('unsubscribe.allOffDone'),
            )
          }
        >
          {t('unsubscribe.allOff')}
        </Button>
      </UnsubscribeCard>
      <DeleteAccount
        token={token}
        // Like a deletion from Settings (spec §4): the goodbye screen. If this browser is signed
        // in as the link's user, that session is gone with the account and is forgotten too.
        onDeleted={() =>
          void navigate(paths.goodbye, {
            replace: true,
            state: { accountDeleted: user?.username === data.account.username },
          })
        }
      />
    </>,
  );
}
