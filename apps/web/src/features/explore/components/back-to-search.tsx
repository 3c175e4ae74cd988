import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { isFromExplore, lastExploreHref } from '../search-state';

/**
 * "Back to the search": the search the user came from, with its query, filters, tab and page.
 * Opened from the search in this tab, it is the browser's back (which also restores the
 * scroll position); otherwise (a shared link, a notification) the last search of this tab.
 */
export function BackToSearch({ className, button = false }: { className?: string; button?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const fromExplore = isFromExplore(location.state);
  const href = lastExploreHref();
  const content = (
    <Link
      to={href}
      onClick={(event) => {
        if (!fromExplore || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate(-1);
      }}
      className={button ? undefined : className}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('competition.back')}
    </Link>
  );
  return button ? (
    <Button asChild className={className}>
      {content}
    </Button>
  ) : (
    content
  );
}
