import { type BracketCell, type BracketSlot, type Draw, type DrawSideDto, drawBracket } from '@radar/shared';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { sectionTitle } from '@/lib/competition-labels';
import { cn } from '@/lib/utils';
import { drawMatches, roundName, sideNames } from '../lib/draw-rounds';

function Slot({ slot, won }: { slot: BracketSlot<DrawSideDto>; won: boolean }) {
  const { t } = useTranslation();
  if (slot.kind === 'bye')
    return <span className="text-muted-foreground">{t('competition.drawList.bye')}</span>;
  if (slot.kind === 'pending') {
    const [a, b] = slot.potential;
    return (
      <span className="text-muted-foreground italic">
        {slot.potential.length === 2 && a && b
          ? t('competition.bracket.either', { a: sideNames(a), b: sideNames(b) })
          : slot.potential.length === 1 && a
            ? sideNames(a)
            : t('competition.bracket.tbd')}
      </span>
    );
  }
  const { side } = slot;
  return (
    <span
      className={cn('flex flex-wrap items-center gap-1', won && 'font-semibold', side.mine && 'text-primary')}
    >
      {side.seed !== null && <span className="text-muted-foreground">[{side.seed}]</span>}
      <span>{sideNames(side)}</span>
      {side.players.some((p) => p.ranking) && (
        <span className="text-xs font-normal text-muted-foreground tabular-nums">
          {side.players.map((p) => p.ranking ?? '—').join(' / ')}
        </span>
      )}
      {side.mine && <Badge tone="primary">{t('competition.bracket.you')}</Badge>}
      {side.retired && <Badge tone="muted">{t('competition.drawList.retired')}</Badge>}
      {side.absent && <Badge tone="muted">{t('competition.drawList.absent')}</Badge>}
    </span>
  );
}

const isMine = (slot: BracketSlot<DrawSideDto>) => slot.kind === 'side' && slot.side.mine;

function Match({ cell }: { cell: BracketCell<DrawSideDto> }) {
  const { t } = useTranslation();
  const mine = cell.slots.some(isMine);
  const bye = cell.slots.some((s) => s.kind === 'bye');
  const unplayed = cell.winner === null && cell.slots.every((s) => s.kind === 'side');
  return (
    <li
      className={cn(
        'flex flex-col gap-1 rounded-lg border border-border bg-background px-3 py-2',
        mine && 'border-primary bg-primary/5 ring-1 ring-primary',
      )}
    >
      <Slot slot={cell.slots[0]} won={cell.winner === 0 && !bye} />
      <Slot slot={cell.slots[1]} won={cell.winner === 1 && !bye} />
      {(cell.score || unplayed) && (
        <span className="text-xs text-muted-foreground tabular-nums">
          {cell.score ?? t('competition.drawList.toPlay')}
        </span>
      )}
    </li>
  );
}

/**
 * A published draw as a bracket (issue 29 point 1): one column per round, matches the
 * federation has not filled yet derived from their feeders (the winner, or who may still come
 * through), byes, seeds, rankings, scores from the winner's side, retirements. On a phone one
 * round fills the width and the rounds swipe (or jump from the round buttons); on a wide screen
 * the columns stand side by side as a bracket. The user's side and path are highlighted, and the
 * view opens on their current round.
 */
export function DrawBracket({ draw }: { draw: Draw }) {
  const { t } = useTranslation();
  const title = draw.title ? sectionTitle(t, draw.title) : t('competition.draws.title');
  const bracket = useMemo(() => drawBracket(drawMatches(draw)), [draw]);
  const rounds = Array.from({ length: bracket.rounds }, (_, i) => i + 1);
  const scroller = useRef<HTMLElement>(null);
  const myRound = draw.myDraw?.next?.round ?? draw.myDraw?.steps.at(-1)?.round ?? null;

  const showRound = (round: number, smooth: boolean) => {
    const box = scroller.current;
    const column = box?.querySelector<HTMLElement>(`[data-round="${round}"]`);
    if (!box || !column) return;
    box.scrollTo({ left: column.offsetLeft - box.offsetLeft, behavior: smooth ? 'smooth' : 'auto' });
  };
  // Open on the user's round.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per draw shown
  useEffect(() => {
    if (myRound !== null) showRound(myRound, false);
  }, [draw.sectionCode, myRound]);

  return (
    <section aria-label={title} className="rounded-2xl border border-border bg-surface p-5 shadow-sm">
      <h3 className="mb-3 font-semibold">{title}</h3>
      {rounds.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('competition.draws.empty')}</p>
      ) : (
        <>
          {rounds.length > 1 && (
            <nav
              aria-label={t('competition.bracket.rounds')}
              className="-mx-1 mb-3 flex gap-2 overflow-x-auto px-1 pb-1"
            >
              {rounds.map((round) => (
                <button
                  key={round}
                  type="button"
                  onClick={() => showRound(round, true)}
                  className={cn(
                    'shrink-0 rounded-full border border-border px-3 py-1 text-xs font-medium whitespace-nowrap hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    round === myRound && 'border-primary text-primary',
                  )}
                >
                  {roundName(t, round, bracket.rounds)}
                </button>
              ))}
            </nav>
          )}
          <section
            ref={scroller}
            aria-label={t('competition.bracket.columns')}
            // A region that scrolls sideways must be reachable from the keyboard (its arrow keys scroll it).
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is a focus stop (WCAG 2.1.1)
            tabIndex={0}
            className="-mx-1 flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth rounded-lg px-1 pb-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {rounds.map((round) => {
              const cells = bracket
                .cells(round)
                .filter((c) => !(c.slots[0].kind === 'bye' && c.slots[1].kind === 'bye'));
              return (
                <section
                  key={round}
                  data-round={round}
                  aria-label={roundName(t, round, bracket.rounds)}
                  className="flex w-[85%] shrink-0 snap-start flex-col sm:w-64"
                >
                  <h4 className="mb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
                    {roundName(t, round, bracket.rounds)}
                  </h4>
                  <ol className="flex grow flex-col gap-2 text-sm md:justify-around">
                    {cells.map((cell) => (
                      <Match key={cell.position} cell={cell} />
                    ))}
                  </ol>
                </section>
              );
            })}
          </section>
        </>
      )}
    </section>
  );
}
