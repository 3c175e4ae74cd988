import type { FitpCardStatus } from '@radar/shared';
import { BellRing, CreditCard } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardTile, DashboardTileLink } from '@/components/dashboard-tile';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths, withQuery } from '@/config/paths';
import { useCardStatus } from '../api/get-card-status';
import { SyncDialog } from './sync-dialog';

/** Once per browser session the dashboard opens the sync dialog by itself (sessionStorage). */
const PROMPTED_KEY = 'fitpSyncPrompted';

function promptedThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(PROMPTED_KEY) === '1';
  } catch {
    return true;
  }
}

function markPrompted(): void {
  try {
    window.sessionStorage.setItem(PROMPTED_KEY, '1');
  } catch {
    // Storage unavailable: the reminder stays on the card.
  }
}

/** Settings › FITP, the target of every "connect your card". */
export const FITP_SETTINGS_PATH = withQuery(paths.settings, { tab: 'fitp' });

/**
 * The dashboard's federation card status (spec §2): connected or not, with a connect action;
 * when a sync waits for review, a reminder that reopens the dialog. When a later ingestion found
 * differences (the card radar) and the user has not chosen "Review later", the dialog opens by
 * itself, once per browser session.
 * `status` may come from `GET /api/home`; without it the card asks `GET /api/fitp/status`.
 */
export function CardStatusCard({
  status: given,
  onFollowsChanged,
}: {
  status?: FitpCardStatus | undefined;
  /** After a sync, the route has every follow state asked again. */
  onFollowsChanged?: () => Promise<void> | void;
}) {
  const { t } = useTranslation();
  const query = useCardStatus();
  const status = query.data ?? given;
  const [syncOpen, setSyncOpen] = useState(false);
  // The radar found differences the user has not put off ("Review later"): the dialog opens itself.
  const prompt = Boolean(status?.connected && status.syncPending && !status.syncDeferredAt);
  useEffect(() => {
    if (!prompt || promptedThisSession()) return;
    markPrompted();
    setSyncOpen(true);
  }, [prompt]);
  return (
    <DashboardTile id="fitp-status-title" icon={CreditCard} title={t('fitp.home.title')}>
      {!status ? (
        query.isError ? (
          <p className="text-sm text-muted-foreground">{t('fitp.home.error')}</p>
        ) : (
          <Spinner className="size-6" />
        )
      ) : status.connected ? (
        <>
          <p className="text-sm">
            <span className="font-medium">{status.name}</span>
            {status.ranking && <span className="text-muted-foreground"> · {status.ranking}</span>}
            <span className="block text-xs text-muted-foreground">
              {t('fitp.home.connected', { card: status.membershipCard })}
            </span>
          </p>
          {status.syncPending && (
            <div role="status" className="flex flex-col gap-2 rounded-xl bg-primary/5 p-3 text-sm">
              <p className="flex items-start gap-2">
                <BellRing aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                {t('fitp.home.syncPending')}
              </p>
              <Button size="sm" className="self-start" onClick={() => setSyncOpen(true)}>
                {t('fitp.home.review')}
              </Button>
            </div>
          )}
          <DashboardTileLink to={FITP_SETTINGS_PATH}>{t('fitp.home.manage')}</DashboardTileLink>
          <SyncDialog open={syncOpen} onOpenChange={setSyncOpen} onFollowsChanged={onFollowsChanged} />
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t('fitp.home.notConnected')}</p>
          <DashboardTileLink to={FITP_SETTINGS_PATH}>{t('fitp.connect')}</DashboardTileLink>
        </>
      )}
    </DashboardTile>
  );
}
