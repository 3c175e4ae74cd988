import { Beer, LogOut, Mail, Megaphone, Settings, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-provider';
import { toast } from '@/lib/toast';
import { translateApiError } from '@/lib/translate-api-error';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

/** The header's account menu: who is signed in, the settings and sign-out. */
export function UserMenu() {
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
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('userMenu.label', { name: user.username })}
          className="h-10 max-w-48 px-2"
        >
          <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <UserRound aria-hidden="true" className="size-4" />
          </span>
          <span className="hidden truncate text-sm font-medium sm:inline">{user.username}</span>
        </Button>
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
