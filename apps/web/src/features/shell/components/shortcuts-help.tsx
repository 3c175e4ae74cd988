import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { GO_TO } from '../lib/shortcuts';

function Keys({ keys }: { keys: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-1">
      {keys.map((key, index) => (
        // A sequence's keys are fixed and distinct in position: the position is the identity.
        <span key={keys.slice(0, index + 1).join('>')} className="flex items-center gap-1">
          {index > 0 && <span className="text-xs text-muted-foreground">{t('shell.shortcuts.then')}</span>}
          <kbd className="min-w-7 rounded-md border border-border bg-muted px-1.5 py-0.5 text-center font-mono text-xs">
            {key}
          </kbd>
        </span>
      ))}
    </span>
  );
}

/**
 * The list of shortcuts ('?'), in its own chunk (Radix dialog): loaded when first asked for,
 * never for the first paint (decision 164).
 */
export default function ShortcutsHelp({
  open: helpOpen,
  onOpenChange: setHelpOpen,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const rows: { keys: readonly string[]; label: string }[] = [
    { keys: ['/'], label: t('shell.shortcuts.search') },
    ...GO_TO.map((item) => ({
      keys: item.keys.split('>'),
      label: t('shell.shortcuts.goTo', { screen: t(item.label) }),
    })),
    { keys: ['m'], label: t('shell.shortcuts.openMenu') },
    { keys: ['Esc'], label: t('shell.shortcuts.close') },
    { keys: ['?'], label: t('shell.shortcuts.help') },
  ];

  return (
    <Dialog open={helpOpen} onOpenChange={setHelpOpen}>
      <DialogContent>
        <DialogTitle>{t('shell.shortcuts.title')}</DialogTitle>
        <DialogDescription>{t('shell.shortcuts.description')}</DialogDescription>
        <dl className="flex flex-col divide-y divide-border">
          {rows.map((row) => (
            <div key={row.keys.join('>')} className="flex items-center justify-between gap-4 py-2 text-sm">
              <dt>{row.label}</dt>
              <dd>
                <Keys keys={row.keys} />
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
