import type { DocumentEntry } from '@radar/shared';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DocumentLink } from '@/components/document-link';
import { Badge } from '@/components/ui/badge';
import { drawName } from '@/lib/competition-labels';
import { formatInstant } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { CompetitionLink } from './competition-link';

/** The latest documents, orders of play and draws of the results. */
export function DocumentsList({ documents }: { documents: DocumentEntry[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="divide-y divide-border rounded-2xl border border-border bg-surface shadow-sm">
      {documents.map((d) => (
        <li
          key={`${d.competitionGuid}-${d.tournamentUuid}-${d.kind}-${d.id}`}
          className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:gap-4"
        >
          <FileText aria-hidden="true" className="hidden size-5 shrink-0 text-muted-foreground sm:block" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="muted">{t(`competitions.itemKind.${d.kind}`)}</Badge>
              <DocumentLink title={d.title} url={d.url} />
            </div>
            <p className="text-sm text-muted-foreground">
              <CompetitionLink guid={d.competitionGuid}>{d.competitionName}</CompetitionLink>
              {/* A competition's own files (documents, orders of play) belong to no tournament. */}
              {d.tournamentDescription &&
                ` · ${drawName(t, language, {
                  description: d.tournamentDescription,
                  ...(d.tournamentDraw ?? { type: null, categoryClass: null, ageCategory: null }),
                })}`}
              {d.city && ` · ${d.city}`}
            </p>
          </div>
          {d.publishedAt && (
            <span className="shrink-0 text-sm text-muted-foreground">
              {t('competition.published', { date: formatInstant(d.publishedAt, language) })}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
