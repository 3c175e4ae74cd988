import { RESEND_COOLDOWN_SECONDS, resendTooSoonDataSchema, type SuccessMessage } from '@radar/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isApiClientError } from '@/lib/api-client';
import { translateApiError } from '@/lib/translate-api-error';
import { useCountdown } from './use-countdown';

/**
 * "Send a new code", with the countdown until the server accepts another one (spec §2
 * forgot password step 2, and the verification screen). A RESEND_TOO_SOON answer restarts
 * the countdown from the seconds the server says are left.
 */
export function ResendCode({
  send,
  justSent,
  disabled,
}: {
  send: () => Promise<SuccessMessage>;
  /** A code was sent a moment ago (the countdown starts at once). */
  justSent: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { secondsLeft, start } = useCountdown(justSent ? RESEND_COOLDOWN_SECONDS : 0);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const resend = async () => {
    setPending(true);
    setResult(null);
    try {
      const answer = await send();
      setResult({ ok: true, text: t(`success.${answer.code}`) });
      start(RESEND_COOLDOWN_SECONDS);
    } catch (error) {
      setResult({ ok: false, text: translateApiError(t, error) });
      if (isApiClientError(error) && error.code === 'RESEND_TOO_SOON') {
        const data = resendTooSoonDataSchema.safeParse(error.data);
        start(data.success ? data.data.secondsLeft : RESEND_COOLDOWN_SECONDS);
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="text-muted-foreground">{t('auth.resend.noCode')}</span>
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0"
          onClick={() => void resend()}
          disabled={disabled || pending || secondsLeft > 0}
        >
          {secondsLeft > 0 ? t('auth.resend.wait', { seconds: secondsLeft }) : t('auth.resend.action')}
        </Button>
      </div>
      {result && <Alert variant={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
    </div>
  );
}
