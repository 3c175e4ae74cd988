import type { FollowedTournament } from '@radar/shared';
import { ArrowRight, CalendarDays, Clock, MapPin, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMyTournaments } from '@/features/subscriptions/api/get-my-tournaments';
import { formatDay, formatDayRange, formatInstant } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';

function place(c: NonNullable<FollowedTournament['competition']>): string | null {
  return c.city ? `${c.city}${c.provinceSigla ? ` (${c.provinceSigla})` : ''}` : null;
}

/** One followed tournament in brief: name, then the facts given. */
function Highlight({
  label,
  item,
  facts,
}: {
  label: string;
  item: FollowedTournament & { competition: NonNullable<FollowedTournament['competition']> };
  facts: { icon: typeof Clock; text: string }[];
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5 rounded-xl border border-border p-4">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
      <Link
        to={paths.competition(item.competitionGuid)}
        className="font-semibold text-balance hover:text-primary hover:underline"
      >
        {item.competition.name}
      </Link>
      {item.tournament && <p className="text-sm">{item.tournament.description}</p>}
      <ul className="flex flex-col gap-1 text-sm text-muted-foreground">
        {facts.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-2">
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}

type Listed = FollowedTournament & { competition: NonNullable<FollowedTournament['competition']> };
const listed = (item: FollowedTournament): item is Listed => item.competition !== null;

/**
 * The dashboard's "my tournaments" card (spec §2): how many are followed, the next one (its
 * registration deadline, start, city and province) and the one being played now.
 */
export function MyTournamentsCard() {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useMyTournaments();
  const items = query.data?.items ?? [];
  const followed = items.filter((item) => item.section !== 'lost');
  // The server orders open registration by the soonest deadline, upcoming and ongoing by start.
  const next =
    followed.filter(listed).find((item) => item.section === 'open_registration') ??
    followed.filter(listed).find((item) => item.section === 'upcoming');
  const current = followed.filter(listed).find((item) => item.section === 'ongoing');

  return (
    <Card aria-labelledby="my-tournaments-title">
      <CardHeader titleId="my-tournaments-title" icon={Trophy} title={t('subscriptions.home.title')}>
        {items.length > 0 && (
          <Link
            to={paths.subscriptions}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
          >
            {t('subscriptions.home.all')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        )}
      </CardHeader>
      {query.isPending ? (
        <div role="status" aria-label={t('subscriptions.loading')} className="flex justify-center py-4">
          <Spinner />
        </div>
      ) : query.isError ? (
        <p className="text-sm text-muted-foreground">{t('subscriptions.loadError')}</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {t('subscriptions.empty.title')}.{' '}
          <Link to={paths.explore} className="font-medium text-primary hover:underline">
            {t('subscriptions.empty.action')}
          </Link>
        </p>
      ) : (
        <>
          <p className="text-sm">{t('subscriptions.home.count', { count: items.length })}</p>
          {(next || current) && (
            <div className="grid gap-3 sm:grid-cols-2">
              {next && (
                <Highlight
                  label={t('subscriptions.home.next')}
                  item={next}
                  facts={[
                    ...(next.competition.registrationClosesAt
                      ? [
                          {
                            icon: Clock,
                            text: t('subscriptions.card.registrationCloses', {
                              date: formatInstant(next.competition.registrationClosesAt, language),
                            }),
                          },
                        ]
                      : []),
                    {
                      icon: CalendarDays,
                      text: t('subscriptions.home.starts', {
                        date: formatDay(next.competition.startDate, language),
                      }),
                    },
                    ...(place(next.competition)
                      ? [{ icon: MapPin, text: place(next.competition) ?? '' }]
                      : []),
                  ]}
                />
              )}
              {current && (
                <Highlight
                  label={t('subscriptions.home.current')}
                  item={current}
                  facts={[
                    {
                      icon: CalendarDays,
                      text: formatDayRange(
                        current.competition.startDate,
                        current.competition.endDate,
                        language,
                      ),
                    },
                    ...(place(current.competition)
                      ? [{ icon: MapPin, text: place(current.competition) ?? '' }]
                      : []),
                  ]}
                />
              )}
            </div>
          )}
        </>
      )}
    </Card>
  );
}
