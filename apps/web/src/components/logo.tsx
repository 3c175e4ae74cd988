import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

/** The radar-and-ball mark, the same artwork as the app icon (public/icons/icon.svg). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="64" height="64" rx="14" fill="#1F5BD8" />
      <path d="M32 32V10a22 22 0 0 1 19.05 11z" fill="#fff" fillOpacity=".25" />
      <circle cx="32" cy="32" r="20" fill="none" stroke="#fff" strokeOpacity=".35" strokeWidth="3" />
      <circle cx="32" cy="32" r="11" fill="none" stroke="#fff" strokeOpacity=".55" strokeWidth="3" />
      <path d="M32 32l19.05-11" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="32" cy="32" r="3.5" fill="#fff" />
      <circle cx="39.5" cy="19" r="5.5" fill="#C8E03C" />
    </svg>
  );
}

/** Mark and product name, linking to `to` (the landing, or /home inside the app). */
export function Logo({ to, className }: { to: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      aria-label={t('app.homeLink')}
      className={cn(
        'flex items-center gap-2.5 rounded-lg font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4',
        className,
      )}
    >
      <LogoMark />
      <span className="text-lg whitespace-nowrap">{t('app.name')}</span>
    </Link>
  );
}
