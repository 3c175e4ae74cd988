import { UserRound } from 'lucide-react';
import { type ComponentProps, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth/auth-provider';
import { useDeferredMenu } from '../deferred-menu';
import { Button } from '../ui/button';

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(loadDropdown);

/** The account menu's button: the user's initial icon, and the name from 640 px up. */
export function UserMenuButton({ username, ...props }: { username: string } & ComponentProps<typeof Button>) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={t('userMenu.label', { name: username })}
      className="h-10 max-w-48 px-2"
      {...props}
    >
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <UserRound aria-hidden="true" className="size-4" />
      </span>
      <span className="hidden truncate text-sm font-medium sm:inline">{username}</span>
    </Button>
  );
}

/**
 * The header's account menu: who is signed in, the settings and sign-out. The first paint shows
 * the button alone; the menu's code (Radix menu, Floating UI) is fetched when the button is
 * hovered, focused or touched, and the menu opens on the first press, as ChoiceMenu's
 * (decisions 161, 164).
 */
export function UserMenu() {
  const { user } = useAuth();
  const { open, triggerProps } = useDeferredMenu(loadDropdown);
  if (!user) return null;
  const button = <UserMenuButton username={user.username} {...triggerProps} />;
  if (!open) return button;
  return (
    <Suspense fallback={button}>
      <UserMenuDropdown defaultOpen />
    </Suspense>
  );
}
