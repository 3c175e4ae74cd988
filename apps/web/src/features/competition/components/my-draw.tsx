import type { Draw, DrawSideDto, MyDraw, MyDrawStep } from '@radar/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { sectionTitle } from '@/lib/competition-labels';
import { roundName, sideNames } from '../lib/draw-rounds';

/** A side's rankings and seed: "4.2 · Testa di serie n. 1". */
function SideFacts({ side }: { side: DrawSideDto }) {
  const { t } = useTranslation();
  const rankings = side.players.map((p) => p.ranking).filter((r): r is string => Boolean(r));
  const facts = [
    ...(rankings.length > 0 ? [t('competition.myDraw.ranking', { ranking: rankings.join(' / ') })] : []),
    ...(side.seed !== null ? [t('competition.myDraw.seed', { seed: side.seed })] : []),
  ];
  if (facts.length === 0) return null;
  return <span className="text-sm text-muted-foreground">{facts.join(' · ')}</span>;
}

function Step({ step, rounds }: { step: MyDrawStep; rounds: number }) {
  const { t } = useTranslation();
  const tone = step.outcome === 'won' ? 'success' : step.outcome === 'lost' ? 'destructive' : 'muted';
  const notes = [
    ...(step.walkover ? [t('competition.myDraw.walkover')] : []),
    ...(step.retired === 'me' ? [t('competition.myDraw.retiredMe')] : []),
    ...(step.retired === 'opponent' ? [t('competition.myDraw.retiredOpponent')] : []),
  ];
  return (
    <li className="flex flex-col gap-0.5 py-2">
      <span className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {roundName(t, step.round, rounds)}
        </span>
        <Badge tone={tone}>{t(`competition.myDraw.outcomes.${step.outcome}`)}</Badge>
        {step.score && <span className="text-sm font-semibold tabular-nums">{step.score}</span>}
      </span>
      {step.opponent && (
        <span className="text-sm">
          {t('competition.myDraw.against', { name: sideNames(step.opponent) })}
          {notes.length > 0 && <span className="text-muted-foreground"> · {notes.join(' · ')}</span>}
        </span>
      )}
    </li>
  );
}

function NextMatch({ next, rounds }: { next: NonNullable<MyDraw['next']>; rounds: number }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-primary/40 bg-background p-4">
      <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {t('competition.myDraw.next', { round: roundName(t, next.round, rounds) })}
      </span>
      {next.opponent ? (
        <>
          <span className="text-lg font-semibold">
            {next.opponent.seed !== null && (
              <span className="text-muted-foreground">[{next.opponent.seed}] </span>
            )}
            {sideNames(next.opponent)}
          </span>
          <SideFacts side={next.opponent} />
        </>
      ) : next.potential.length > 0 ? (
        <>
          <span className="text-sm">{t('competition.myDraw.potential')}</span>
          <ul className="flex flex-col gap-1">
            {next.potential.map((side) => (
              <li key={sideNames(side)} className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold">
                  {side.seed !== null && <span className="text-muted-foreground">[{side.seed}] </span>}
                  {sideNames(side)}
                </span>
                <SideFacts side={{ ...side, seed: null }} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <span className="text-sm text-muted-foreground">{t('competition.bracket.tbd')}</span>
      )}
    </div>
  );
}

/**
 * "Il mio tabellone" (issue 29 point 1): in a draw the user's card (or pair) is in, what a player
 * wants on the day: the next match and its opponent — name, ranking, seed — or, before it is
 * known, who it may be; then the matches played with their scores; out or champion once over.
 */
export function MyDrawCard({ draw, myDraw }: { draw: Pick<Draw, 'title' | 'roundsCount'>; myDraw: MyDraw }) {
  const { t } = useTranslation();
  const titleId = useId();
  const rounds = draw.roundsCount;
  const last = myDraw.steps.at(-1);
  const played = [...myDraw.steps].reverse();
  return (
    <section
      aria-labelledby={titleId}
      data-testid="my-draw"
      className="flex flex-col gap-3 rounded-2xl border border-primary/40 bg-primary/5 p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {t('competition.myDraw.title')}
        </h3>
        {draw.title && <span className="text-xs text-muted-foreground">{sectionTitle(t, draw.title)}</span>}
      </div>
      {myDraw.side.players.length > 1 && (
        <p className="text-sm">{t('competition.myDraw.pair', { names: sideNames(myDraw.side) })}</p>
      )}
      {myDraw.status === 'champion' && (
        <p className="font-semibold text-success">{t('competition.myDraw.champion')}</p>
      )}
      {myDraw.status === 'out' && last && (
        <p className="text-sm text-muted-foreground">
          {t('competition.myDraw.out', { round: roundName(t, last.round, rounds) })}
        </p>
      )}
      {myDraw.next && <NextMatch next={myDraw.next} rounds={rounds} />}
      <div>
        <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {t('competition.myDraw.played')}
        </h4>
        {played.length === 0 ? (
          <p className="pt-1 text-sm text-muted-foreground">{t('competition.myDraw.none')}</p>
        ) : (
          <ol className="flex flex-col divide-y divide-border">
            {played.map((step) => (
              <Step key={step.round} step={step} rounds={rounds} />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
