import type { Draw, DrawSideDto } from '@radar/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** A round's name: the last three by name (final, semifinals, quarterfinals), the others by number. */
function roundName(t: TFunction, round: number, last: number) {
  const fromEnd = last - round;
  if (fromEnd === 0) return t('competition.drawList.final');
  if (fromEnd === 1) return t('competition.drawList.semifinal');
  if (fromEnd === 2) return t('competition.drawList.quarterfinal');
  return t('competition.drawList.round', { round });
}

function Side({ side, won }: { side: DrawSideDto | null; won: boolean }) {
  const { t } = useTranslation();
  if (!side) return <span className="text-muted-foreground">{t('competition.drawList.bye')}</span>;
  return (
    <span className={cn('flex flex-wrap items-center gap-1', won && 'font-semibold')}>
      {side.seed !== null && <span className="text-muted-foreground">[{side.seed}]</span>}
      <span>{side.players.map((p) => p.name).join(' / ')}</span>
      {side.retired && <Badge tone="muted">{t('competition.drawList.retired')}</Badge>}
      {side.absent && <Badge tone="muted">{t('competition.drawList.absent')}</Badge>}
    </span>
  );
}

/**
 * A published draw as a list per round (phone first: one match a row, no bracket to scroll):
 * both sides with their seeds, the winner in bold, the score as the federation writes it (from
 * the winner's side), retirements and byes.
 */
export function DrawList({ draw }: { draw: Draw }) {
  const { t } = useTranslation();
  const last = draw.rounds.at(-1)?.round ?? 0;
  return (
    <section
      aria-label={draw.title ?? t('competition.draws.title')}
      className="rounded-2xl border border-border bg-surface p-5 shadow-sm"
    >
      <h3 className="mb-3 font-semibold">{draw.title ?? t('competition.draws.title')}</h3>
      {draw.rounds.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('competition.draws.empty')}</p>
      ) : (
        <div className="flex flex-col gap-5">
          {draw.rounds.map((round) => (
            <section key={round.round} aria-label={roundName(t, round.round, last)}>
              <h4 className="mb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
                {roundName(t, round.round, last)}
              </h4>
              <ol className="flex flex-col divide-y divide-border text-sm">
                {round.matches.map((match) => (
                  <li key={match.position} className="flex flex-col gap-1 py-2">
                    <Side side={match.sides[0]} won={match.winner === 0} />
                    <Side side={match.sides[1]} won={match.winner === 1} />
                    <span className="text-xs text-muted-foreground tabular-nums">
                      {match.score ?? (match.winner === null ? t('competition.drawList.toPlay') : '')}
                    </span>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
