import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useDeleteAccountByToken } from '@/features/unsubscribe/api/unsubscribe';
import { UnsubscribeCard } from './unsubscribe-card';

/** Deleting the account from the link: the user types the confirmation word first. */
export function DeleteAccount({ token, onDeleted }: { token: string; onDeleted: () => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccountByToken(token);
  const word = t('unsubscribe.delete.word');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim().toUpperCase() !== word) return;
    remove.mutate(undefined, { onSuccess: onDeleted });
  };
  return (
    <UnsubscribeCard>
      <h2 className="text-lg font-semibold">{t('unsubscribe.delete.title')}</h2>
      <p className="text-sm text-muted-foreground">{t('unsubscribe.delete.description')}</p>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium">
            {t('unsubscribe.delete.confirmLabel', { word })}
          </label>
          <input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            className="h-10 rounded-lg border border-border bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
          />
        </div>
        <Button
          type="submit"
          variant="destructive"
          disabled={typed.trim().toUpperCase() !== word || remove.isPending}
        >
          {remove.isPending ? t('unsubscribe.delete.deleting') : t('unsubscribe.delete.action')}
        </Button>
      </form>
      {remove.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('unsubscribe.delete.failed')}
        </p>
      ) : null}
    </UnsubscribeCard>
  );
}
