import type { TournamentDetail } from '@radar/shared';
import { useTranslation } from 'react-i18next';
import { drawName } from '@/lib/competition-labels';
import { useLanguage } from '@/lib/use-language';
import { FollowControls } from './follow-controls';

/** The follow controls for one draw of a competition's detail (placed by the competition route). */
export function TournamentFollowControls({
  competition,
  tournament: t0,
}: {
  competition: { guid: string; name: string; status: 1 | 2 | 3 | 4 };
  tournament: TournamentDetail;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <FollowControls
      className="rounded-2xl border border-border bg-surface p-4 shadow-sm sm:px-5"
      target={{
        competitionGuid: competition.guid,
        tournamentUuid: t0.uuid,
        name: `${competition.name} – ${drawName(t, language, t0)}`,
        subscription:
          t0.followed && t0.subscriptionId
            ? {
                id: t0.subscriptionId,
                notificationsEnabled: t0.notificationsEnabled ?? false,
                lost: t0.lost,
              }
            : null,
        status: competition.status,
      }}
    />
  );
}
