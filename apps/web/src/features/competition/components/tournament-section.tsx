import type { TournamentDetail } from '@radar/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExpandButton } from '@/components/expand-button';
import { Badge } from '@/components/ui/badge';
import { drawLabel, drawName } from '@/lib/competition-labels';
import { formatInstant, formatNumber, formatRankingValue } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';
import { ENTRANTS_SHOWN, shownEntrants } from '../lib/default-draw';
import { DeadlineBands } from './deadline-bands';
import { DrawBracket } from './draw-bracket';
import { MyDrawCard } from './my-draw';
import { PracticalInfo } from './practical-info';

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** The participants table's columns; club and entry date only on wider screens. */
const PARTICIPANT_COLUMNS = [
  ['position', null],
  ['player', null],
  ['ranking', null],
  ['club', 'hidden md:table-cell'],
  ['subscribed', 'hidden sm:table-cell'],
] as const;

/**
 * One draw of the competition, what matters on the day first (issue 31 point 2): the user’s
 * entry (the `entryPanel` slot, the FITP card feature’s panel), their follow of it (the
 * `followControls` slot, the subscriptions feature’s controls), "my draw" where the card plays
 * (next opponent, matches played) and the published draws as brackets; then its
 * settings, deadlines by band and practical information; the entrants last, the first rows and
 * the user’s own shown until "show all".
 */
export function TournamentSection({
  tournament: t0,
  followControls,
  entryPanel,
  cardRanking = null,
}: {
  tournament: TournamentDetail;
  followControls: ReactNode;
  /** The user's entry by their card (the FITP card feature's panel), filled by the route. */
  entryPanel: ReactNode;
  /** The ranking of the user's card: its band's deadline is marked. */
  cardRanking?: string | null;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const unknown = t('competitions.unknown');
  const myId = t0.myEntry?.participantId;
  const [expanded, setExpanded] = useState(false);
  const shown = shownEntrants(t0.participants, myId, expanded);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-semibold">{drawName(t, language, t0)}</h2>
        {t0.followed && <Badge tone="primary">{t('competitions.followed')}</Badge>}
        {t0.lost && <Badge tone="destructive">{t('competitions.lost')}</Badge>}
      </div>
      {entryPanel}
      {followControls}

      {t0.draws.map((draw) =>
        draw.myDraw ? <MyDrawCard key={draw.sectionCode} draw={draw} myDraw={draw.myDraw} /> : null,
      )}
      {t0.draws.length === 0 ? (
        <section
          aria-label={t('competition.draws.title')}
          className="rounded-2xl border border-border bg-surface p-5 shadow-sm"
        >
          <h3 className="mb-3 font-semibold">{t('competition.draws.title')}</h3>
          <p className="text-sm text-muted-foreground">{t('competition.draws.empty')}</p>
        </section>
      ) : (
        t0.draws.map((draw) => <DrawBracket key={draw.sectionCode} draw={draw} />)
      )}

      <dl className="grid grid-cols-2 gap-4 rounded-2xl border border-border bg-surface p-5 shadow-sm sm:grid-cols-3 lg:grid-cols-4">
        <Info label={t('competition.info.draw')}>{drawLabel(t, t0) || unknown}</Info>
        <Info label={t('competition.info.matchFormat')}>{t0.matchFormat ?? unknown}</Info>
        <Info label={t('competition.info.maxParticipants')}>
          {t0.maxParticipants === null ? unknown : formatNumber(t0.maxParticipants, language)}
        </Info>
        <Info label={t('competition.info.admissionType')}>
          {t0.admissionType ? t(`competitions.admission.${t0.admissionType}`) : unknown}
        </Info>
        <Info label={t('competition.participants')}>{formatNumber(t0.participantsCount, language)}</Info>
        <Info label={t('competition.info.rankingLimit')}>{t0.rankingLimit ?? unknown}</Info>
      </dl>

      <DeadlineBands deadlines={t0.deadlines} cardRanking={cardRanking} />
      <PracticalInfo tournament={t0} />

      <section
        aria-label={t('competition.participants')}
        className="rounded-2xl border border-border bg-surface shadow-sm"
      >
        <h3 className="px-5 pt-5 font-semibold">{t('competition.participants')}</h3>
        {t0.participants.length === 0 ? (
          <p className="p-5 text-sm text-muted-foreground">{t('competition.participantsTable.empty')}</p>
        ) : (
          <div className="overflow-x-auto p-2">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                {t('competition.participantsTable.caption', { name: t0.description })}
              </caption>
              <thead className="text-xs text-muted-foreground uppercase">
                <tr>
                  {PARTICIPANT_COLUMNS.map(([column, shownFrom]) => (
                    <th key={column} scope="col" className={cn('px-3 py-2', shownFrom)}>
                      {t(`competition.participantsTable.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {shown.map((p) => (
                  <tr key={p.id} className={cn(p.id === myId && 'bg-success/10 font-semibold')}>
                    <td className="px-3 py-2 tabular-nums">{formatNumber(p.position, language)}</td>
                    <td className="px-3 py-2">
                      {p.surname} {p.name}
                      {p.id === myId && (
                        <Badge tone="success" className="ml-2">
                          {t('competition.participantsTable.you')}
                        </Badge>
                      )}
                    </td>
                    <td
                      className="px-3 py-2 tabular-nums"
                      title={
                        p.rankingValue === null ? undefined : formatRankingValue(p.rankingValue, language)
                      }
                    >
                      {p.ranking ?? '—'}
                    </td>
                    <td className="hidden px-3 py-2 md:table-cell">{p.club ?? '—'}</td>
                    <td className="hidden px-3 py-2 sm:table-cell">
                      {p.subscriptionDate ? formatInstant(p.subscriptionDate, language) : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {t0.participants.length > ENTRANTS_SHOWN && (
              <div className="flex justify-center p-2">
                <ExpandButton
                  expanded={expanded}
                  onToggle={() => setExpanded((value) => !value)}
                  more={t('competition.participantsTable.showAll', {
                    count: formatNumber(t0.participants.length, language),
                  })}
                  less={t('competition.participantsTable.showFewer')}
                />
              </div>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
