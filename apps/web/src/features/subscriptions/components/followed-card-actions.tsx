import { Bell, BellOff, ChevronRight, Flag, FlagOff, MoreHorizontal, StarOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { canMarkLost, type FollowTarget, useFollowActions } from './follow-controls';

/**
 * A My tournaments card's actions (issue 31 point 3): one primary action, opening the tournament,
 * and the rest in a menu: notifications on/off, "Segna come perso" (only once play has begun,
 * saying what it does) or its undoing, and unfollow.
 */
export function FollowedCardActions({
  target,
}: {
  target: FollowTarget & { subscription: NonNullable<FollowTarget['subscription']> };
}) {
  const { t } = useTranslation();
  const { ask, busy, setNotifications, notificationsPending, dialog } = useFollowActions(target);
  const { subscription, name } = target;

  return (
    <div className="flex items-center gap-2 border-t border-border pt-3">
      <Button asChild size="sm">
        <Link to={paths.competition(target.competitionGuid)}>
          {t('subscriptions.actions.open')}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            aria-label={t('subscriptions.actions.more', { name })}
            disabled={busy}
          >
            <MoreHorizontal aria-hidden="true" className="size-4" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent className="max-w-72">
          {!subscription.lost && (
            <DropdownMenuItem
              disabled={notificationsPending}
              onSelect={() => setNotifications(!subscription.notificationsEnabled)}
            >
              {subscription.notificationsEnabled ? (
                <BellOff aria-hidden="true" />
              ) : (
                <Bell aria-hidden="true" />
              )}
              {subscription.notificationsEnabled
                ? t('subscriptions.actions.turnNotificationsOff')
                : t('subscriptions.actions.turnNotificationsOn')}
            </DropdownMenuItem>
          )}
          {canMarkLost(target) && (
            <DropdownMenuItem
              className="items-start"
              onSelect={() => ask(subscription.lost ? 'unlost' : 'lost')}
            >
              {subscription.lost ? (
                <FlagOff aria-hidden="true" className="mt-0.5" />
              ) : (
                <Flag aria-hidden="true" className="mt-0.5" />
              )}
              <span className="flex flex-col gap-0.5">
                {subscription.lost ? t('subscriptions.actions.unlost') : t('subscriptions.actions.lost')}
                {!subscription.lost && (
                  <span className="text-xs text-muted-foreground">{t('subscriptions.actions.lostHint')}</span>
                )}
              </span>
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem className="text-destructive" onSelect={() => ask('unfollow')}>
            <StarOff aria-hidden="true" />
            {t('subscriptions.actions.unfollow')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog}
    </div>
  );
}
