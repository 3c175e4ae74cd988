import type { Filter } from '@radar/shared';
import { BellOff, Funnel, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteAllFilters } from '@/features/filters/api/delete-all-filters';
import { useDeleteFilter } from '@/features/filters/api/delete-filter';
import { useDisableAllFilters } from '@/features/filters/api/disable-all-filters';
import { useFilters } from '@/features/filters/api/get-filters';
import { useFilterMatchCounts } from '@/features/filters/api/match-counts';
import { useToggleFilter } from '@/features/filters/api/toggle-filter';
import { FilterItem } from '@/features/filters/components/filter-item';
import { FilterWizard } from '@/features/filters/components/filter-wizard';
import { toast } from '@/lib/toast';
import { translateApiError } from '@/lib/translate-api-error';

type Confirm = { kind: 'delete'; filter: Filter } | { kind: 'disableAll' } | { kind: 'deleteAll' } | null;
type Wizard = { open: false } | { open: true; filter?: Filter };

/**
 * `/filters` (signed in): the user's filters in two groups, active and inactive; create and edit
 * them in the wizard, switch them on and off, disable all, delete one or all (each after a
 * confirmation). `?new=1` opens the wizard at once (the dashboard's "create a filter").
 */
export function FiltersRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = useFilters();
  const toggle = useToggleFilter();
  const matchCounts = useFilterMatchCounts();
  const remove = useDeleteFilter();
  const disableAll = useDisableAllFilters();
  const removeAll = useDeleteAllFilters();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [wizard, setWizard] = useState<Wizard>(() => (params.get('new') ? { open: true } : { open: false }));

  const items = filters.data?.items ?? [];
  const active = items.filter((f) => f.notificationsEnabled);
  const inactive = items.filter((f) => !f.notificationsEnabled);

  const fail = (error: unknown) => toast({ variant: 'destructive', title: translateApiError(t, error) });

  const onToggle = (filter: Filter) =>
    toggle.mutate(filter, {
      onSuccess: (saved) =>
        toast({
          title: t(saved.notificationsEnabled ? 'filters.list.enabled' : 'filters.list.disabled', {
            name: saved.name,
          }),
        }),
      onError: fail,
    });

  const onConfirm = async () => {
    if (!confirm) return;
    try {
      if (confirm.kind === 'delete') {
        await remove.mutateAsync(confirm.filter.id);
        toast({ title: t('filters.list.deleted', { name: confirm.filter.name }) });
      } else if (confirm.kind === 'disableAll') {
        const { count } = await disableAll.mutateAsync();
        toast({ title: t('filters.list.disabledAll', { count }) });
      } else {
        const { count } = await removeAll.mutateAsync();
        toast({ title: t('filters.list.deletedAll', { count }) });
      }
      setConfirm(null);
    } catch (error) {
      setConfirm(null);
      fail(error);
    }
  };

  const openWizard = (filter?: Filter) => setWizard(filter ? { open: true, filter } : { open: true });
  const closeWizard = (open: boolean) => {
    if (open) return;
    setWizard({ open: false });
    if (params.has('new')) {
      setParams(
        (current) => {
          current.delete('new');
          return current;
        },
        { replace: true },
      );
    }
  };

  const group = (title: string, list: Filter[], id: string, emptyText: string) => (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        {title}
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">
          {list.length}
        </span>
      </h2>
      {list.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          {emptyText}
        </p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {list.map((filter) => (
            <li key={filter.id} className="contents">
              <FilterItem
                filter={filter}
                toggling={toggle.isPending && toggle.variables?.id === filter.id}
                matchCount={matchCounts.data?.get(filter.id)}
                onToggle={() => onToggle(filter)}
                onEdit={() => openWizard(filter)}
                onDelete={() => setConfirm({ kind: 'delete', filter })}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );

  const confirmTexts =
    confirm?.kind === 'delete'
      ? {
          title: t('filters.confirm.deleteTitle'),
          description: t('filters.confirm.deleteDescription', { name: confirm.filter.name }),
          confirmLabel: t('filters.confirm.delete'),
        }
      : confirm?.kind === 'disableAll'
        ? {
            title: t('filters.confirm.disableAllTitle'),
            description: t('filters.confirm.disableAllDescription', { count: active.length }),
            confirmLabel: t('filters.confirm.disableAll'),
          }
        : {
            title: t('filters.confirm.deleteAllTitle'),
            description: t('filters.confirm.deleteAllDescription', { count: items.length }),
            confirmLabel: t('filters.confirm.deleteAll'),
          };

  return (
    <>
      <PageHeader title={t('pages.filters.title')} description={t('pages.filters.description')}>
        {items.length > 0 && (
          <div className="mt-2 flex flex-wrap gap-2">
            <Button onClick={() => openWizard()} icon={Plus}>
              {t('filters.list.create')}
            </Button>
            <Button
              variant="outline"
              disabled={active.length === 0}
              onClick={() => setConfirm({ kind: 'disableAll' })}
              icon={BellOff}
            >
              {t('filters.list.disableAll')}
            </Button>
            <Button
              variant="outline"
              className="text-destructive hover:bg-destructive/10"
              onClick={() => setConfirm({ kind: 'deleteAll' })}
              icon={Trash2}
            >
              {t('filters.list.deleteAll')}
            </Button>
          </div>
        )}
      </PageHeader>

      {filters.isError && !filters.data ? (
        <ErrorBlock
          error={filters.error}
          title={t('filters.list.error')}
          onRetry={() => void filters.refetch()}
        />
      ) : !filters.data ? (
        <LoadingBlock label={t('filters.list.loading')} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={Funnel}
          title={t('filters.empty.title')}
          description={t('filters.empty.description')}
          className="bg-surface p-10"
        >
          <Button onClick={() => openWizard()} icon={Plus}>
            {t('filters.empty.action')}
          </Button>
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-8">
          {group(t('filters.list.active'), active, 'filters-active', t('filters.list.noneActive'))}
          {group(t('filters.list.inactive'), inactive, 'filters-inactive', t('filters.list.noneInactive'))}
        </div>
      )}

      <FilterWizard
        open={wizard.open}
        onOpenChange={closeWizard}
        filter={wizard.open ? wizard.filter : undefined}
      />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        {...confirmTexts}
        destructive={confirm?.kind !== 'disableAll'}
        pending={remove.isPending || disableAll.isPending || removeAll.isPending}
        onConfirm={() => void onConfirm()}
      />
    </>
  );
}
