import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { FROM_EXPLORE } from '../search-state';

/** A competition's name linking to its page, remembering it was opened from Explore (for Back). */
export function CompetitionLink({
  guid,
  className,
  children,
}: {
  guid: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={paths.competition(guid)}
      state={FROM_EXPLORE}
      className={cn('hover:text-primary hover:underline', className)}
    >
      {children}
    </Link>
  );
}
