import { cleanMembershipCard, type FitpCard, membershipCardProblem } from '@radar/shared';
import { CreditCard, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DegradedNotice } from '@/components/degraded-notice';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { SwitchField } from '@/components/ui/switch-field';
import { isApiClientError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { translateApiError } from '@/lib/translate-api-error';
import { useDisconnectCard } from '../api/disconnect-card';
import { isDegraded, useFitpData } from '../api/get-fitp-data';
import { useUpdateFitpSettings } from '../api/update-fitp-settings';
import { useValidateCard } from '../api/validate-card';
import { PlayerData } from './player-data';
import { PlayerProfileForm } from './player-profile-form';
import { ReportMismatchDialog } from './report-mismatch-dialog';
import { SyncDialog } from './sync-dialog';

/**
 * The card states of spec §4 as the panel shows them: not connected, entering, connecting
 * (validating), verified, failed, service down (while connecting: retry connection; with a
 * connected card: the saved data under the degraded notice).
 */
export type CardState = 'not-connected' | 'entering' | 'connecting' | 'verified' | 'failed' | 'service-down';

function serverFieldError(error: unknown): string | undefined {
  if (!isApiClientError(error) || error.code !== 'VALIDATION_ERROR') return undefined;
  const data = error.data as { fields?: Record<string, string[]> } | undefined;
  return data?.fields?.membershipCard?.[0];
}

/** Entering, connecting, failed, service down and retry connection: the card number form. */
function ConnectForm({ onCancel, onConnected }: { onCancel?: () => void; onConnected: () => void }) {
  const { t } = useTranslation();
  const validate = useValidateCard();
  const [value, setValue] = useState('');
  const [formatError, setFormatError] = useState<string | undefined>();
  const [reportOpen, setReportOpen] = useState(false);

  const submit = (card: string) => {
    const problem = membershipCardProblem(card);
    if (problem) {
      setFormatError(t(`validation.${problem}`));
      return;
    }
    setFormatError(undefined);
    validate.mutate(
      { membershipCard: cleanMembershipCard(card) },
      {
        onSuccess: () => {
          toast({ title: t('fitp.connected') });
          onConnected();
        },
      },
    );
  };

  const error = validate.error;
  const serviceDown = isApiClientError(error) && error.serviceDown;
  const fieldError = formatError ?? serverFieldError(error);
  const state: CardState = validate.isPending
    ? 'connecting'
    : serviceDown
      ? 'service-down'
      : error && !fieldError
        ? 'failed'
        : 'entering';
  const cardInUse = isApiClientError(error) && error.code === 'FITP_CARD_IN_USE';

  return (
    <form
      noValidate
      data-state={state}
      onSubmit={(event) => {
        event.preventDefault();
        submit(value);
      }}
      className="flex flex-col gap-4"
    >
      {state === 'service-down' && (
        <Alert variant="error">
          <span className="font-semibold">{t('fitp.serviceDown.title')}</span> {t('fitp.serviceDown.connect')}
        </Alert>
      )}
      {state === 'failed' && (
        <Alert variant="error">
          {translateApiError(t, error)}
          {cardInUse && (
            <Button
              type="button"
              variant="link"
              className="h-auto p-0 pl-1"
              onClick={() => setReportOpen(true)}
            >
              {t('fitp.report.cardInUseAction')}
            </Button>
          )}
        </Alert>
      )}
      <FormField
        label={t('fitp.form.label')}
        hint={t('fitp.form.hint')}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        error={fieldError}
        disabled={validate.isPending}
        onChange={(event) => {
          setValue(event.target.value);
          setFormatError(undefined);
        }}
      />
      <div className="flex flex-wrap gap-2">
        {state === 'service-down' ? (
          <Button type="button" onClick={() => submit(value)}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('fitp.retryConnection')}
          </Button>
        ) : (
          <Button type="submit" disabled={validate.isPending}>
            {validate.isPending ? (
              <>
                <Spinner className="size-4" />
                <span role="status">{t('fitp.form.connecting')}</span>
              </>
            ) : (
              t('fitp.form.submit')
            )}
          </Button>
        )}
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel} disabled={validate.isPending}>
            {t('common.cancel')}
          </Button>
        )}
      </div>
      <ReportMismatchDialog
        open={reportOpen}
        onOpenChange={setReportOpen}
        membershipCard={cleanMembershipCard(value)}
      />
    </form>
  );
}

type FollowsChanged = (() => Promise<void> | void) | undefined;

function VerifiedCard({
  card,
  degradedMessage,
  onFollowsChanged,
}: {
  card: FitpCard;
  degradedMessage?: string | undefined;
  onFollowsChanged: FollowsChanged;
}) {
  const { t } = useTranslation();
  const [syncOpen, setSyncOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const disconnect = useDisconnectCard();
  const settings = useUpdateFitpSettings();
  return (
    <div className="flex flex-col gap-4" data-state={degradedMessage ? 'service-down' : 'verified'}>
      {degradedMessage && <DegradedNotice message={degradedMessage} />}
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="success">{t('fitp.verified')}</Badge>
        {card.syncPending && <Badge tone="primary">{t('fitp.syncPending')}</Badge>}
      </div>
      <PlayerData card={card} />
      <PlayerProfileForm card={card} />
      <SwitchField
        id="fitp-auto-follow"
        label={t('fitp.autoFollow.label')}
        hint={t('fitp.autoFollow.hint')}
        checked={card.autoFollow}
        disabled={settings.isPending}
        onCheckedChange={(autoFollow) => settings.mutate({ autoFollow })}
      />
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setSyncOpen(true)}>{t('fitp.sync.open')}</Button>
        <Button variant="outline" onClick={() => setReportOpen(true)}>
          {t('fitp.report.open')}
        </Button>
        <Button variant="ghost" className="text-destructive" onClick={() => setConfirmOpen(true)}>
          {t('fitp.disconnect.open')}
        </Button>
      </div>
      <SyncDialog open={syncOpen} onOpenChange={setSyncOpen} onFollowsChanged={onFollowsChanged} />
      <ReportMismatchDialog open={reportOpen} onOpenChange={setReportOpen} />
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={t('fitp.disconnect.title')}
        description={t('fitp.disconnect.description')}
        confirmLabel={t('fitp.disconnect.confirm')}
        destructive
        pending={disconnect.isPending}
        onConfirm={() => disconnect.mutate(undefined, { onSuccess: () => setConfirmOpen(false) })}
      />
    </div>
  );
}

/**
 * Settings › FITP: connect the card, see the player data, sync, report, disconnect.
 * `onFollowsChanged` (from the route) has every follow state asked again after a sync.
 */
export function FitpCardPanel({ onFollowsChanged }: { onFollowsChanged?: () => Promise<void> | void }) {
  const { t } = useTranslation();
  const data = useFitpData();
  const [entering, setEntering] = useState(false);
  const [syncOpen, setSyncOpen] = useState(false);
  const answer = data.data;
  const card = answer?.card ?? null;

  return (
    <Card aria-labelledby="fitp-title">
      <div className="flex flex-col gap-1">
        <CardTitle id="fitp-title">{t('fitp.title')}</CardTitle>
        <CardDescription>{t('fitp.description')}</CardDescription>
      </div>
      {data.isPending ? (
        <div role="status" aria-label={t('app.loading')} className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : data.error ? (
        <Alert variant="error">{translateApiError(t, data.error)}</Alert>
      ) : card ? (
        <VerifiedCard
          card={card}
          degradedMessage={isDegraded(answer) ? answer.message : undefined}
          onFollowsChanged={onFollowsChanged}
        />
      ) : entering ? (
        <ConnectForm
          onCancel={() => setEntering(false)}
          onConnected={() => {
            setEntering(false);
            // Spec §4: after connecting, compare the card's entries with the followed tournaments.
            setSyncOpen(true);
          }}
        />
      ) : (
        <div className="flex flex-col items-start gap-4" data-state="not-connected">
          <div className="flex items-start gap-3 text-sm text-muted-foreground">
            <CreditCard aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <p>{t('fitp.notConnected')}</p>
          </div>
          <Button onClick={() => setEntering(true)}>{t('fitp.connect')}</Button>
        </div>
      )}
      <SyncDialog open={syncOpen} onOpenChange={setSyncOpen} onFollowsChanged={onFollowsChanged} />
    </Card>
  );
}
