import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { useMarkWhatsNewSeen, useWhatsNew } from '@/features/whatsnew/api/get-whats-new';
import { WhatsNewList } from '@/features/whatsnew/components/whats-new-list';

/** `/whatsnew` (signed in): the product's changes and platform updates; opening it clears the dot. */
export function WhatsNewRoute() {
  const { t } = useTranslation();
  const query = useWhatsNew();
  const markSeen = useMarkWhatsNewSeen();
  // What is new is marked on this visit's list; the visit is recorded once it has loaded.
  const marked = useRef(false);
  useEffect(() => {
    if (query.data && !marked.current) {
      marked.current = true;
      markSeen.mutate();
    }
  }, [query.data, markSeen]);
  return (
    <div className="flex max-w-3xl flex-col">
      <PageHeader title={t('pages.whatsnew.title')} description={t('pages.whatsnew.description')} />
      {query.isError ? (
        <ErrorBlock error={query.error} title={t('whatsNew.error')} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <LoadingBlock label={t('whatsNew.loading')} />
      ) : (
        <WhatsNewList data={query.data} />
      )}
    </div>
  );
}
