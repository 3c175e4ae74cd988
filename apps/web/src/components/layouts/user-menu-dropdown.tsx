import { Beer, LogOut, Mail, Megaphone, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-provider';
import { toast } from '@/lib/toast';
import { translateApiError } from '@/lib/translate-api-error';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { UserMenuButton } from './user-menu-button';

/**
 * The Radix menu behind UserMenu, in its own chunk (Radix menu and Floating UI): loaded on the
 * first hover, focus or press of the button, never for the first paint (decisions 161, 164).
 */
export default function UserMenuDropdown({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, signOut } = useAuth();
  if (!user) return null;

  const logout = async () => {
    try {
      // The signed-in routes' guard then leads to the landing page.
      await signOut();
    } catch (error) {
      toast({ variant: 'destructive', title: translateApiError(t, error) });
    }
  };

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton username={user.username} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="normal-case tracking-normal">
          <span className="block truncate text-sm font-semibold text-foreground">{user.username}</span>
          <span className="block truncate text-xs font-normal">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate(paths.settings)}>
          <Settings aria-hidden="true" />
          {t('userMenu.settings')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate(paths.ambassador)}>
          <Megaphone aria-hidden="true" />
          {t('userMenu.ambassador')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate(paths.donate)}>
          <Beer aria-hidden="true" />
          {t('userMenu.donate')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate(paths.contact)}>
          <Mail aria-hidden="true" />
          {t('userMenu.contact')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOut aria-hidden="true" />
          {t('userMenu.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
