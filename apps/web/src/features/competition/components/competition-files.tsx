import { type CompetitionFile, formatOrderOfPlayMatch, type OrderOfPlayMatch, romeDate } from '@radar/shared';
import { CalendarClock, FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExpandButton } from '@/components/expand-button';
import { formatDay } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';

/**
 * The orders of play worth showing first on `today` (a Rome day): today's and the days to come;
 * once play is over, the last day. The earlier days wait behind "Giorni precedenti".
 */
export function currentOrdersOfPlay(files: readonly CompetitionFile[], today: string) {
  const dated = (file: CompetitionFile) => file.date ?? '9999-12-31';
  const current = files.filter((file) => dated(file) >= today);
  if (current.length === 0 && files.length > 0) {
    const last = files.reduce((latest, file) => (dated(file) > dated(latest) ? file : latest));
    return {
      current: files.filter((file) => dated(file) === dated(last)),
      earlier: files.filter((file) => dated(file) !== dated(last)),
    };
  }
  return { current, earlier: files.filter((file) => dated(file) < today) };
}

function FileList({
  title,
  files,
  empty,
  earlier = [],
  lead,
}: {
  title: string;
  files: CompetitionFile[];
  empty: string;
  /** A line above the files (the user's next match). */
  lead?: string | undefined;
  /** Files listed only on demand (the past days' orders of play). */
  earlier?: CompetitionFile[];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [showEarlier, setShowEarlier] = useState(false);
  const shown = showEarlier ? [...earlier, ...files] : files;
  return (
    <section aria-label={title} className="rounded-2xl border border-border bg-surface p-5 shadow-sm">
      <h3 className="mb-3 font-semibold">{title}</h3>
      {lead && (
        <p className="mb-3 flex items-start gap-2 text-sm font-medium">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {lead}
        </p>
      )}
      {earlier.length > 0 && (
        <ExpandButton
          className="mb-2 -ml-2"
          expanded={showEarlier}
          onToggle={() => setShowEarlier((value) => !value)}
          more={t('competition.ordersOfPlay.showEarlier', { count: earlier.length })}
          less={t('competition.ordersOfPlay.hideEarlier')}
        />
      )}
      {shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {shown.map((file) => (
            <li key={`${file.kind}-${file.fileName}`} className="flex items-start gap-3">
              <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <div className="min-w-0">
                {/* Our server relays the file: the federation blocks browsers (decision 182). */}
                <a
                  href={file.url}
                  target="_blank"
                  rel="noopener"
                  className="font-medium break-all text-primary hover:underline"
                >
                  {file.title}
                </a>
                {file.date && (
                  <p className="text-xs text-muted-foreground">
                    {t('competition.ordersOfPlay.day', { date: formatDay(file.date, language, 'long') })}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The competition's orders of play (by day of play) first, what a player opens on match day; then documents and rules. */
export function CompetitionFiles({
  documents,
  rules,
  ordersOfPlay,
  myMatch = null,
}: {
  documents: CompetitionFile[];
  rules: CompetitionFile[];
  ordersOfPlay: CompetitionFile[];
  /** The card holder's next match found in the orders of play (decision 204). */
  myMatch?: OrderOfPlayMatch | null;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { current, earlier } = currentOrdersOfPlay(ordersOfPlay, romeDate(new Date()));
  return (
    <div className="mb-8 grid gap-4 lg:grid-cols-3">
      <FileList
        title={t('competition.ordersOfPlay.title')}
        files={current}
        earlier={earlier}
        empty={t('competition.ordersOfPlay.empty')}
        lead={
          myMatch
            ? t('competition.ordersOfPlay.myMatch', { match: formatOrderOfPlayMatch(language, myMatch) })
            : undefined
        }
      />
      <FileList
        title={t('competition.documents.title')}
        files={documents}
        empty={t('competition.documents.empty')}
      />
      <FileList
        title={t('competition.rulesFiles.title')}
        files={rules}
        empty={t('competition.rulesFiles.empty')}
      />
    </div>
  );
}
