import { Compass, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** My tournaments with nothing followed: an empty state with a way to explore. */
export function NothingFollowed() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={Star}
      title={t('subscriptions.empty.title')}
      description={t('subscriptions.empty.description')}
      className="px-6 py-14"
    >
      <Button asChild>
        <Link to={paths.explore}>
          <Compass aria-hidden="true" className="size-4" />
          {t('subscriptions.empty.action')}
        </Link>
      </Button>
    </EmptyState>
  );
}
