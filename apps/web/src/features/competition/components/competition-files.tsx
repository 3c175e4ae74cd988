import type { CompetitionFile } from '@radar/shared';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';

function FileList({ title, files, empty }: { title: string; files: CompetitionFile[]; empty: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section aria-label={title} className="rounded-2xl border border-border bg-surface p-5 shadow-sm">
      <h3 className="mb-3 font-semibold">{title}</h3>
      {files.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {files.map((file) => (
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
}: {
  documents: CompetitionFile[];
  rules: CompetitionFile[];
  ordersOfPlay: CompetitionFile[];
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-8 grid gap-4 lg:grid-cols-3">
      <FileList
        title={t('competition.ordersOfPlay.title')}
        files={ordersOfPlay}
        empty={t('competition.ordersOfPlay.empty')}
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
