import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A link that leads nowhere (not a guid, or a competition the federation does not list): no retry;
 * `children` is the way back (the route places explore's "back to the search").
 */
export function CompetitionNotFound({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-surface p-8 text-center">
      <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="text-sm text-muted-foreground">{t('competition.notFound.description')}</p>
      {children}
    </div>
  );
}
