import { lazy, Suspense } from 'react';
import { useAuth } from '@/lib/auth/auth-provider';
import { useDeferredMenu } from '../deferred-menu';
import { UserMenuButton } from './user-menu-button';

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(loadDropdown);

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
