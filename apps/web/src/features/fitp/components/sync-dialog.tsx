import type { FitpSyncItem, FitpSyncResult } from '@radar/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { drawName } from '@/lib/competition-labels';
import { formatDayRange, formatInstant } from '@/lib/format';
import { translateApiError } from '@/lib/translate-api-error';
import { useLanguage } from '@/lib/use-language';
import { useApplyFitpSync, useDeferFitpSync, useFitpSync } from '../api/fitp-sync';

function SyncList({
  items,
  chosen,
  onChosenChange,
  kind,
}: {
  items: FitpSyncItem[];
  chosen: Set<string>;
  onChosenChange: (chosen: Set<string>) => void;
  kind: 'add' | 'remove';
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (items.length === 0) return null;
  const title = t(kind === 'add' ? 'fitp.sync.toAdd' : 'fitp.sync.toRemove', { count: items.length });
  const onToggle = (uuid: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(uuid);
    else next.delete(uuid);
    onChosenChange(next);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">{title}</legend>
      <ul className="flex max-h-64 flex-col gap-2 overflow-y-auto">
        {items.map((item) => {
          const id = `sync-${kind}-${item.tournamentUuid}`;
          return (
            <li
              key={item.tournamentUuid}
              className="flex items-start gap-3 rounded-lg border border-border p-3"
            >
              <input
                id={id}
                type="checkbox"
                className="mt-1 size-4 accent-primary"
                checked={chosen.has(item.tournamentUuid)}
                onChange={(event) => onToggle(item.tournamentUuid, event.target.checked)}
              />
              <label htmlFor={id} className="flex min-w-0 flex-col gap-0.5 text-sm">
                <span className="font-medium">{item.competitionName}</span>
                {item.tournamentDescription && (
                  <span className="text-muted-foreground">
                    {drawName(t, language, {
                      description: item.tournamentDescription,
                      ...(item.tournamentDraw ?? { type: null, categoryClass: null, ageCategory: null }),
                    })}
                  </span>
                )}
                <span className="text-xs text-muted-foreground">
                  {[
                    item.startDate && item.endDate && formatDayRange(item.startDate, item.endDate, language),
                    [item.city, item.provinceSigla && `(${item.provinceSigla})`].filter(Boolean).join(' '),
                    kind === 'add' &&
                      item.subscriptionDate &&
                      t('fitp.sync.enteredOn', { date: formatInstant(item.subscriptionDate, language) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function Outcome({ result }: { result: FitpSyncResult }) {
  const { t } = useTranslation();
  const failed = result.items.filter((i) => !i.ok);
  return (
    <div className="flex flex-col gap-3" data-testid="fitp-sync-outcome">
      <Alert variant={result.outcome === 'success' ? 'success' : 'error'}>
        {t(`fitp.sync.outcome.${result.outcome}`, {
          done: result.items.length - failed.length,
          total: result.items.length,
        })}
      </Alert>
      {failed.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm">
          {failed.map((item) => (
            <li key={`${item.action}-${item.tournamentUuid}`} className="text-muted-foreground">
              {t(item.action === 'add' ? 'fitp.sync.failedAdd' : 'fitp.sync.failedRemove')}:{' '}
              {item.message ?? item.code}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Spec §4 Federation sync dialog: the tournaments the card is entered in that the user does not
 * follow, and the followed ones whose entry list the card has left (whoever followed them), each
 * with a choice; never a finished tournament (the server's lists, decision 197); applying ends in
 * success, partial success or failure; "Review later" defers it.
 */
export function SyncDialog({
  open,
  onOpenChange,
  onFollowsChanged,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The route's way to have every follow state asked again (the subscriptions feature's). */
  onFollowsChanged?: (() => Promise<void> | void) | undefined;
}) {
  const { t } = useTranslation();
  const sync = useFitpSync(open);
  const apply = useApplyFitpSync(onFollowsChanged);
  const defer = useDeferFitpSync();
  const [add, setAdd] = useState<Set<string>>(new Set());
  const [remove, setRemove] = useState<Set<string>>(new Set());

  // Everything chosen by default, once the lists arrive.
  useEffect(() => {
    if (!sync.data) return;
    setAdd(new Set(sync.data.toAdd.map((i) => i.tournamentUuid)));
    setRemove(new Set(sync.data.toRemove.map((i) => i.tournamentUuid)));
  }, [sync.data]);

  const close = (next: boolean) => {
    if (!next) apply.reset();
    onOpenChange(next);
  };
  const refs = (items: FitpSyncItem[], chosen: Set<string>) =>
    items
      .filter((i) => chosen.has(i.tournamentUuid))
      .map(({ competitionGuid, tournamentUuid }) => ({ competitionGuid, tournamentUuid }));

  const data = sync.data;
  const nothing = data && data.toAdd.length === 0 && data.toRemove.length === 0;
  const chosenCount = add.size + remove.size;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-xl">
        <DialogTitle className="pr-8">{t('fitp.sync.title')}</DialogTitle>
        <DialogDescription>{t('fitp.sync.description')}</DialogDescription>
        {apply.data ? (
          <>
            <Outcome result={apply.data} />
            <Button className="self-end" onClick={() => close(false)}>
              {t('common.close')}
            </Button>
          </>
        ) : sync.isPending ? (
          <div role="status" aria-label={t('fitp.sync.loading')} className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : sync.error ? (
          <>
            <Alert variant="error">{translateApiError(t, sync.error)}</Alert>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => close(false)}>
                {t('common.close')}
              </Button>
              <Button onClick={() => void sync.refetch()}>{t('fitp.retry')}</Button>
            </div>
          </>
        ) : nothing ? (
          <>
            <Alert variant="success">{t('fitp.sync.nothing')}</Alert>
            <Button className="self-end" onClick={() => close(false)}>
              {t('common.close')}
            </Button>
          </>
        ) : data ? (
          <>
            {apply.error && <Alert variant="error">{translateApiError(t, apply.error)}</Alert>}
            <SyncList kind="add" items={data.toAdd} chosen={add} onChosenChange={setAdd} />
            <SyncList kind="remove" items={data.toRemove} chosen={remove} onChosenChange={setRemove} />
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                variant="outline"
                disabled={defer.isPending}
                onClick={() => defer.mutate(undefined, { onSuccess: () => close(false) })}
              >
                {t('fitp.sync.later')}
              </Button>
              <Button
                disabled={apply.isPending || chosenCount === 0}
                onClick={() =>
                  apply.mutate({ add: refs(data.toAdd, add), remove: refs(data.toRemove, remove) })
                }
              >
                {apply.isPending ? t('fitp.sync.applying') : t('fitp.sync.apply', { count: chosenCount })}
              </Button>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
