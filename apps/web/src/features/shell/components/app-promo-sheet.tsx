import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClassName } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { PROMO_QR_SIZE, type StorePlatform } from '../lib/app-promo';

/**
 * The app promotion's bottom sheet on a wide screen: the store link's QR code (size 200), an
 * open-store button and 'Remind me later'. Its own chunk (Radix dialog, the QR encoder), loaded
 * when a store button is pressed (decision 161).
 */
export function AppPromoSheet({
  platform,
  link,
  onClose,
  onRemindLater,
}: {
  platform: StorePlatform;
  link: string;
  onClose: () => void;
  onRemindLater: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent placement="bottom" className="items-center text-center">
        <DialogTitle>
          {t(platform === 'ios' ? 'shell.promo.sheetTitleIos' : 'shell.promo.sheetTitleAndroid')}
        </DialogTitle>
        <DialogDescription>
          {t(platform === 'ios' ? 'shell.promo.sheetTextIos' : 'shell.promo.sheetTextAndroid')}
        </DialogDescription>
        <div className="rounded-xl bg-white p-3">
          <QRCodeSVG
            value={link}
            size={PROMO_QR_SIZE}
            role="img"
            aria-label={t('shell.promo.qrLabel')}
            data-testid="promo-qr"
          />
        </div>
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          <a
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            data-external=""
            className={buttonClassName()}
          >
            {t(platform === 'ios' ? 'shell.promo.openAppStore' : 'shell.promo.openPlayStore')}
          </a>
          <Button variant="outline" onClick={onRemindLater}>
            {t('shell.promo.remindLater')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
