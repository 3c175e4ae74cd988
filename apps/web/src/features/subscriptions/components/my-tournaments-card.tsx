import {
  formatOrderOfPlayMatch,
  type Home,
  type HomeCompetition,
  type OrderOfPlayMatch,
} from '@radar/shared';
import { ArrowRight, CalendarClock, CalendarDays, Clock, MapPin, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMyTournaments } from '@/features/subscriptions/api/get-my-tournaments';
import { formatDay, formatDayRange, formatInstant } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';

type Highlighted = Pick<HomeCompetition, 'guid' | 'name' | 'city' | 'provinceSigla'>;

function place(c: Highlighted): string | null {
  return c.city ? `${c.city}${c.provinceSigla ? ` (${c.provinceSigla})` : ''}` : null;
}

/** One followed tournament in brief: name, then the facts given. */
function Highlight({
  label,
  item,
  facts,
}: {
  label: string;
  item: Highlighted;
  facts: { icon: typeof Clock; text: string; strong?: boolean }[];
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5 rounded-xl border border-border p-4">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
      <Link
        to={paths.competition(item.guid)}
        className="font-semibold text-balance hover:text-primary hover:underline"
      >
        {item.name}
      </Link>
      <ul className="flex flex-col gap-1 text-sm text-muted-foreground">
        {facts.map(({ icon: Icon, text, strong }) => (
          <li
            key={text}
            className={
              strong ? 'flex items-start gap-2 font-medium text-foreground' : 'flex items-center gap-2'
            }
          >
            <Icon
              aria-hidden="true"
              className={strong ? 'mt-0.5 size-4 shrink-0 text-primary' : 'size-4 shrink-0'}
            />
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The dashboard's "my tournaments" card (spec §2): how many are followed, the next one (its
 * registration deadline, or that registration has closed, its start, city and province) and
 * the current one (being played, or just ended). The next and the current are the dashboard's
 * one answer (`GET /api/home`, passed by the route), so no other card can name another.
 */
export function MyTournamentsCard({
  next,
  current,
  now = Date.now(),
}: {
  next?: Home['next'] | undefined;
  current?: Home['current'] | undefined;
  now?: number;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useMyTournaments();
  const items = query.data?.items ?? [];
  // The card holder's next match, found in the tournament's orders of play (decision 204).
  const myMatch = (match: OrderOfPlayMatch | null) =>
    match
      ? [
          {
            icon: CalendarClock,
            text: t('subscriptions.home.myMatch', { match: formatOrderOfPlayMatch(language, match) }),
            strong: true,
          },
        ]
      : [];

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
                    ...myMatch(next.myMatch),
                    ...(next.registrationClosesAt
                      ? [
                          {
                            icon: Clock,
                            // A deadline gone by reads closed, never "by <yesterday>".
                            text:
                              Date.parse(next.registrationClosesAt) <= now
                                ? t('subscriptions.home.registrationClosed')
                                : t('subscriptions.card.registrationCloses', {
                                    date: formatInstant(next.registrationClosesAt, language),
                                  }),
                          },
                        ]
                      : []),
                    {
                      icon: CalendarDays,
                      text: t('subscriptions.home.starts', { date: formatDay(next.startDate, language) }),
                    },
                    ...(place(next) ? [{ icon: MapPin, text: place(next) ?? '' }] : []),
                  ]}
                />
              )}
              {current && (
                <Highlight
                  label={t(
                    current.state === 'active'
                      ? 'subscriptions.home.current'
                      : 'subscriptions.home.completed',
                  )}
                  item={current}
                  facts={[
                    ...myMatch(current.myMatch),
                    {
                      icon: CalendarDays,
                      text: formatDayRange(current.startDate, current.endDate, language),
                    },
                    ...(place(current) ? [{ icon: MapPin, text: place(current) ?? '' }] : []),
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
