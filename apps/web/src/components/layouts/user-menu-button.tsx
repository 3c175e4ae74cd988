import { UserRound } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';

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
