import { Bell, BellOff, Flag, FlagOff, Star, StarOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Switch } from '@/components/ui/switch';
import { useSetSubscriptionLost } from '@/features/subscriptions/api/set-lost';
import { useSetSubscriptionNotifications } from '@/features/subscriptions/api/set-notifications';
import { useSubscribe } from '@/features/subscriptions/api/subscribe';
import { useUnfollow } from '@/features/subscriptions/api/unfollow';
import { toast } from '@/lib/toast';
import { translateApiError } from '@/lib/translate-api-error';
import { cn } from '@/lib/utils';

/** What the controls act on: one tournament of a competition, and the user's follow of it. */
export interface FollowTarget {
  competitionGuid: string;
  tournamentUuid: string;
  /** How the dialogs and accessible names call it, e.g. "Open di Natale – Singolare femminile". */
  name: string;
  /** The user's subscription, null when not followed. */
  subscription: { id: string; notificationsEnabled: boolean; lost: boolean } | null;
  /** The competition's status now (1 concluded, 2 ongoing, …); null when no longer published. */
  status: 1 | 2 | 3 | 4 | null;
}

/**
 * Whether "Segna come perso" applies: a player loses once play has begun, so only a tournament
 * in progress or concluded can be marked (and a marked one can always be unmarked).
 */
export const canMarkLost = (target: Pick<FollowTarget, 'subscription' | 'status'>) =>
  target.subscription !== null && (target.subscription.lost || target.status === 1 || target.status === 2);

type Action = 'follow' | 'unfollow' | 'lost' | 'unlost';

/**
 * Follow / unfollow, notifications on/off and mark lost / remove the lost mark for one
 * tournament (spec §2, §4), for the tournament detail's controls and My tournaments' card menu.
 * Every action except notifications on/off asks for confirmation first (`dialog`, to render);
 * failures are toasts with the server's reason in the user's language.
 */
export function useFollowActions(target: FollowTarget) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<Action | null>(null);
  // What the dialog says stays while it fades out after a choice.
  const [shown, setShown] = useState<Action>('follow');
  const ask = (action: Action) => {
    setShown(action);
    setAsking(action);
  };
  const subscribe = useSubscribe();
  const unfollow = useUnfollow();
  const setLost = useSetSubscriptionLost();
  const setNotifications = useSetSubscriptionNotifications();
  const { subscription, name } = target;
  const busy = subscribe.isPending || unfollow.isPending || setLost.isPending;

  const fail = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: translateApiError(t, error) });

  // Awaited rather than per-call callbacks: the card may unmount (e.g. unfollowed in My
  // tournaments) before the refetch ends, and the toast must still show.
  const run = async (action: Action) => {
    if (action === 'follow') {
      await subscribe
        .mutateAsync({ competitionGuid: target.competitionGuid, tournamentUuid: target.tournamentUuid })
        .then(
          () => toast({ title: t('subscriptions.toast.followed', { name }) }),
          fail(t('subscriptions.errors.follow')),
        );
    } else if (action === 'unfollow' && subscription) {
      await unfollow
        .mutateAsync(subscription.id)
        .then(
          () => toast({ title: t('subscriptions.toast.unfollowed', { name }) }),
          fail(t('subscriptions.errors.unfollow')),
        );
    } else if ((action === 'lost' || action === 'unlost') && subscription) {
      await setLost.mutateAsync({ subscriptionId: subscription.id, lost: action === 'lost' }).then(
        () =>
          toast({
            title: t(action === 'lost' ? 'subscriptions.toast.lost' : 'subscriptions.toast.unlost'),
          }),
        fail(t('subscriptions.errors.update')),
      );
    }
  };

  const confirm = () => {
    const action = asking;
    setAsking(null);
    if (action) void run(action);
  };

  const dialogs = {
    follow: {
      title: t('subscriptions.confirm.follow.title'),
      description: t('subscriptions.confirm.follow.description', { name }),
      confirmLabel: t('subscriptions.confirm.follow.confirm'),
      destructive: false,
    },
    unfollow: {
      title: t('subscriptions.confirm.unfollow.title'),
      description: t('subscriptions.confirm.unfollow.description', { name }),
      confirmLabel: t('subscriptions.confirm.unfollow.confirm'),
      destructive: true,
    },
    lost: {
      title: t('subscriptions.confirm.lost.title'),
      description: t('subscriptions.confirm.lost.description', { name }),
      confirmLabel: t('subscriptions.confirm.lost.confirm'),
      destructive: false,
    },
    unlost: {
      title: t('subscriptions.confirm.unlost.title'),
      description: t('subscriptions.confirm.unlost.description', { name }),
      confirmLabel: t('subscriptions.confirm.unlost.confirm'),
      destructive: false,
    },
  } as const;
  const dialog = dialogs[shown];
  const setNotificationsOf = (enabled: boolean) => {
    if (!subscription) return;
    void setNotifications
      .mutateAsync({ subscriptionId: subscription.id, enabled })
      .catch(fail(t('subscriptions.errors.update')));
  };

  return {
    ask,
    busy,
    setNotifications: setNotificationsOf,
    notificationsPending: setNotifications.isPending,
    dialog: (
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={dialog.title}
        description={dialog.description}
        confirmLabel={dialog.confirmLabel}
        destructive={dialog.destructive}
        onConfirm={confirm}
      />
    ),
  };
}

/** The tournament detail's follow controls for one draw: follow, or the switch and the other actions. */
export function FollowControls({ target, className }: { target: FollowTarget; className?: string }) {
  const { t } = useTranslation();
  const switchId = useId();
  const { ask, busy, setNotifications, notificationsPending, dialog } = useFollowActions(target);
  const { subscription, name } = target;

  return (
    <div className={cn('flex flex-wrap items-center gap-x-4 gap-y-3', className)}>
      {subscription === null ? (
        <>
          <Button onClick={() => ask('follow')} disabled={busy}>
            <Star aria-hidden="true" className="size-4" />
            {t('subscriptions.actions.follow')}
          </Button>
          <p className="text-sm text-pretty text-muted-foreground">{t('subscriptions.actions.followHint')}</p>
        </>
      ) : (
        <>
          <div className="flex items-center gap-3">
            <Switch
              id={switchId}
              aria-label={t('subscriptions.actions.notificationsFor', { name })}
              checked={subscription.notificationsEnabled}
              disabled={subscription.lost || notificationsPending}
              onCheckedChange={setNotifications}
            />
            <label
              htmlFor={switchId}
              aria-hidden="true"
              className="flex items-center gap-1.5 text-sm font-medium"
            >
              {subscription.notificationsEnabled ? (
                <Bell className="size-4 text-primary" />
              ) : (
                <BellOff className="size-4 text-muted-foreground" />
              )}
              {subscription.lost
                ? t('subscriptions.actions.notificationsOffLost')
                : subscription.notificationsEnabled
                  ? t('subscriptions.actions.notificationsOn')
                  : t('subscriptions.actions.notificationsOff')}
            </label>
          </div>
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            {canMarkLost(target) ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => ask(subscription.lost ? 'unlost' : 'lost')}
                disabled={busy}
              >
                {subscription.lost ? (
                  <FlagOff aria-hidden="true" className="size-4" />
                ) : (
                  <Flag aria-hidden="true" className="size-4" />
                )}
                {subscription.lost ? t('subscriptions.actions.unlost') : t('subscriptions.actions.lost')}
              </Button>
            ) : null}
            <Button variant="ghost" size="sm" onClick={() => ask('unfollow')} disabled={busy}>
              <StarOff aria-hidden="true" className="size-4" />
              {t('subscriptions.actions.unfollow')}
            </Button>
          </div>
          {canMarkLost(target) && !subscription.lost ? (
            <p className="basis-full text-sm text-pretty text-muted-foreground">
              {t('subscriptions.actions.lostHint')}
            </p>
          ) : null}
        </>
      )}
      {dialog}
    </div>
  );
}
