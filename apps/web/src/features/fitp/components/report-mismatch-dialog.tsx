import { FITP_REPORT_MAX_LENGTH } from '@radar/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { inputClassName } from '@/components/ui/input';
import { translateApiError } from '@/lib/translate-api-error';
import { cn } from '@/lib/utils';
import { useReportMismatch } from '../api/report-mismatch';

/** "This data is wrong" (spec §7 FITP data-mismatch report); also a refused card's owner's way to the team. */
export function ReportMismatchDialog({
  open,
  onOpenChange,
  membershipCard,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A card that could not be connected (already in another account). */
  membershipCard?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [message, setMessage] = useState('');
  const [empty, setEmpty] = useState(false);
  const report = useReportMismatch();
  const close = (next: boolean) => {
    if (!next) {
      setMessage('');
      setEmpty(false);
      report.reset();
    }
    onOpenChange(next);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (message.trim() === '') {
      setEmpty(true);
      return;
    }
    report.mutate({ message, ...(membershipCard ? { membershipCard } : {}) });
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogTitle className="pr-8">{t('fitp.report.title')}</DialogTitle>
        <DialogDescription>
          {membershipCard
            ? t('fitp.report.cardInUse', { card: membershipCard })
            : t('fitp.report.description')}
        </DialogDescription>
        {report.isSuccess ? (
          <>
            <Alert variant="success">{report.data.message}</Alert>
            <DialogClose asChild>
              <Button className="self-end">{t('common.close')}</Button>
            </DialogClose>
          </>
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-3">
            {report.error && <Alert variant="error">{translateApiError(t, report.error)}</Alert>}
            <label htmlFor={id} className="text-sm font-medium">
              {t('fitp.report.message')}
            </label>
            <textarea
              id={id}
              rows={4}
              maxLength={FITP_REPORT_MAX_LENGTH}
              value={message}
              aria-invalid={empty || undefined}
              aria-describedby={empty ? `${id}-error` : undefined}
              onChange={(event) => {
                setMessage(event.target.value);
                setEmpty(false);
              }}
              className={cn(inputClassName, 'h-auto min-h-24 py-2')}
              placeholder={t('fitp.report.placeholder')}
            />
            {empty && (
              <p id={`${id}-error`} className="text-sm text-destructive">
                {t('validation.required')}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline" type="button">
                  {t('common.cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" disabled={report.isPending}>
                {report.isPending ? t('fitp.report.sending') : t('fitp.report.send')}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
