/**
 * The simulated federation: the seeded calendar, the player pool and whatever tests scripted on
 * top, queried at an instant. It knows nothing of HTTP or of wire spellings; every method takes
 * `now`, so the answers are a function of (seed, now, scripted additions).
 */
import { ClubDirectory } from './clubs';
import { competitionIdOf, preferredTournamentId, preferredTpraId } from './dialect';
import {
  buildDraw,
  courtsOf,
  type DrawMatch,
  drawAbbreviation,
  type MatchResult,
  type Section,
  sectionsOf,
} from './draws';
import {
  CompetitionGenerator,
  DEFAULT_COMPETITION_COUNT,
  WEEKS_AFTER,
  WEEKS_BEFORE,
  weekOfDay,
} from './generator';
import { getOrInsert } from './maps';
import {
  type Competition,
  type IdStato,
  isDoubles,
  isPublished,
  statusAt,
  type TournamentSpec,
} from './model';
import type { OrderOfPlayLayout } from './order-of-play-pdf';
import { DEFAULT_PLAYER_COUNT, type Player, PlayerPool } from './players';
import { hashParts } from './prng';
import { formatIsoDate, romeDayOf } from './rome-time';
import {
  type CompetitionRoster,
  type CompetitionTimeline,
  generateRoster,
  generateTimeline,
  type ItemKind,
  latestAtOrBefore,
  type PublishedItem,
  participantIdBase,
  SCRIPTED_ITEM_ID_START,
  SCRIPTED_PARTICIPANT_OFFSET,
  type ScriptedOopMatch,
} from './timeline';

export interface FederationOptions {
  readonly seed: number;
  /** The instant the calendar is centred on (the clock's start). */
  readonly now: number;
  /** Competitions in the ~15-month window around `now`. */
  readonly competitions?: number;
  readonly players?: number;
}

export interface Participant {
  readonly participantId: number;
  readonly player: Player;
  readonly at: number;
}

export interface TournamentView {
  readonly spec: TournamentSpec;
  /** `TournamentId`, the key of the draw call. */
  readonly tournamentId: number;
  /** Its sections, with the entries each holds (as drawn once the draw is published). */
  readonly sections: readonly Section[];
  /** When its draw is published; undefined until one is planned or scripted. */
  readonly drawPublishedAt: number | undefined;
  /** Entries visible at `now`, by subscription time. */
  readonly participants: readonly Participant[];
  /** Documents, orders of play and draws visible at `now`, by publication time. */
  readonly items: readonly PublishedItem[];
}

export interface CompetitionView {
  readonly competition: Competition;
  /** The lifecycle: 1 concluded, 2 running, 3 registration open, 4 scheduled. */
  readonly status: IdStato;
  /** What the row says (`id_statoPUC`): see {@link Federation.rowStatus}. */
  readonly rowStatus: number;
  readonly competitionId: number;
  /** `id_torneo_digital` (TPRA only, 0 otherwise). */
  readonly tpraId: number;
}

/** A file a competition lists (§4): documents, rules, orders of play. */
export interface CompetitionFile {
  readonly fileName: string;
  readonly publishedAt: number;
  /** Orders of play: the day of play, and a scripted file's layout and matches. */
  readonly day?: number;
  readonly layout?: OrderOfPlayLayout;
  readonly matches?: readonly ScriptedOopMatch[];
  /** Documents: the tournament it came from and its title. */
  readonly title?: string;
}

export interface DrawAnswer {
  readonly competition: Competition;
  readonly tournament: TournamentView;
  readonly section: Section;
  /** Empty until the draw is published. */
  readonly matches: readonly DrawMatch[];
}

export interface CompetitionDetailView extends CompetitionView {
  readonly tournaments: readonly TournamentView[];
}

export type DetailResult =
  | { readonly kind: 'found'; readonly view: CompetitionDetailView }
  | { readonly kind: 'unpublished' }
  /** TPRA competitions and team championships: no individual detail (§2: 204). */
  | { readonly kind: 'no-detail' }
  | { readonly kind: 'unknown' };

export interface PlayerEntry {
  readonly competitionGuid: string;
  readonly tournamentUid: string;
  readonly at: number;
}

export interface TournamentRef {
  readonly competition: Competition;
  readonly spec: TournamentSpec;
  readonly index: number;
}

interface TournamentOverlay {
  readonly participants: Participant[];
  readonly items: PublishedItem[];
}

interface PlayerEntryRef {
  readonly competition: Competition;
  readonly tournamentUid: string;
  readonly at: number;
}

export class DuplicateError extends Error {}

export class Federation {
  readonly seed: number;
  readonly clubs: ClubDirectory;
  readonly pool: PlayerPool;
  readonly generator: CompetitionGenerator;

  private weeks: { from: number; to: number } | undefined;
  /** Every known competition, by start date then guid (the list's order). */
  private competitions: Competition[] = [];
  private generatedCount = 0;
  private readonly byGuid = new Map<string, Competition>();
  private readonly tournamentsByUid = new Map<string, TournamentRef>();
  private readonly tournamentIds = new Map<string, number>();
  private readonly tournamentsById = new Map<number, string>();
  private readonly tpraIds = new Map<string, number>();
  private readonly tpraTaken = new Set<number>();
  private readonly timelines = new Map<string, CompetitionTimeline>();
  private readonly rosters = new Map<string, CompetitionRoster>();

  private readonly overlays = new Map<string, TournamentOverlay>();
  private readonly scriptedChanges = new Map<string, number[]>();
  private readonly scriptedPlayers = new Map<string, Player>();
  /** Tournament uid → card number → when the card left its entry list (withdrawn or removed). */
  private readonly withdrawals = new Map<string, Map<string, number>>();
  /** Section code → `<round>:<position>` → a scored result and when it shows. */
  private readonly scoredResults = new Map<string, Map<string, { at: number; result: MatchResult }>>();

  /**
   * Pool player index → their generated entries. Players only enter tournaments of their own
   * region, so it is filled lazily region by region, from the competitions not indexed yet.
   */
  private readonly entriesByPlayer = new Map<number, PlayerEntryRef[]>();
  private readonly unindexed = new Map<number, Competition[]>();

  constructor(options: FederationOptions) {
    this.seed = options.seed;
    this.clubs = new ClubDirectory(options.seed);
    this.pool = new PlayerPool(options.seed, options.players ?? DEFAULT_PLAYER_COUNT, this.clubs);
    this.generator = new CompetitionGenerator(
      options.seed,
      this.pool,
      this.clubs,
      options.competitions ?? DEFAULT_COMPETITION_COUNT,
    );
    // The calendar is generated on first use (a simulator that is never asked costs no calendar).
    this.initialNow = options.now;
  }

  private readonly initialNow: number;
  private initialized = false;

  /** Generates the calendar around the clock's start, once, on the first call that needs it. */
  private ready(): void {
    if (this.initialized) return;
    this.initialized = true;
    this.ensureCoverage(this.initialNow);
  }

  /** Generates the weeks around `now` not generated yet (the calendar only ever grows). */
  ensureCoverage(now: number): void {
    this.ready();
    const week = weekOfDay(romeDayOf(now));
    const wanted = { from: week - WEEKS_BEFORE, to: week + WEEKS_AFTER };
    const covered = this.weeks;
    if (covered && wanted.from >= covered.from && wanted.to <= covered.to) return;
    const added: Competition[] = [];
    for (let w = wanted.from; w <= wanted.to; w++) {
      if (covered && w >= covered.from && w <= covered.to) continue;
      added.push(...this.generator.competitionsOfWeek(w));
    }
    this.weeks = covered
      ? { from: Math.min(covered.from, wanted.from), to: Math.max(covered.to, wanted.to) }
      : wanted;
    for (const c of added) this.register(c);
    this.generatedCount += added.length;
    this.competitions = this.competitions.concat(added).sort(compareCompetitions);
  }

  private register(competition: Competition, fresh = true): void {
    this.byGuid.set(competition.guid, competition);
    if (competition.codFonte === 2 && !this.tpraIds.has(competition.guid)) {
      let id = preferredTpraId(competition.guid);
      while (this.tpraTaken.has(id)) id++;
      this.tpraTaken.add(id);
      this.tpraIds.set(competition.guid, id);
    }
    for (const spec of competition.tournaments) {
      if (this.tournamentIds.has(spec.uid)) continue;
      let id = preferredTournamentId(spec.uid);
      while (this.tournamentsById.has(id)) id++;
      this.tournamentsById.set(id, spec.uid);
      this.tournamentIds.set(spec.uid, id);
    }
    if (fresh && competition.generatedActivity) {
      getOrInsert(this.unindexed, competition.province.regionId, () => []).push(competition);
    }
    competition.tournaments.forEach((spec, index) => {
      this.tournamentsByUid.set(spec.uid, { competition, spec, index });
    });
  }

  /** Every competition published at `now`, in list order. */
  published(now: number): Competition[] {
    this.ensureCoverage(now);
    return this.competitions.filter((c) => isPublished(c, now));
  }

  findCompetition(guid: string): Competition | undefined {
    this.ready();
    return this.byGuid.get(guid.trim().toUpperCase());
  }

  findTournament(uid: string): TournamentRef | undefined {
    this.ready();
    return this.tournamentsByUid.get(uid.trim().toUpperCase());
  }

  timelineOf(competition: Competition): CompetitionTimeline {
    let timeline = this.timelines.get(competition.guid);
    if (!timeline) {
      timeline = generateTimeline(this.seed, competition);
      this.timelines.set(competition.guid, timeline);
    }
    return timeline;
  }

  rosterOf(competition: Competition): CompetitionRoster {
    let roster = this.rosters.get(competition.guid);
    if (!roster) {
      roster = generateRoster(this.seed, competition, this.pool);
      this.rosters.set(competition.guid, roster);
    }
    return roster;
  }

  /** `data_modifica`: the latest visible change at or before `now`. */
  lastModifiedAt(competition: Competition, now: number): number {
    let latest = latestAtOrBefore(this.timelineOf(competition).changes, now) ?? competition.publishedAt;
    for (const t of this.scriptedChanges.get(competition.guid) ?? []) {
      if (t <= now && t > latest) latest = t;
    }
    return latest;
  }

  view(competition: Competition, now: number): CompetitionView {
    return {
      competition,
      status: statusAt(competition, now),
      rowStatus: this.rowStatus(competition, now),
      competitionId: competitionIdOf(competition.guid),
      tpraId: competition.codFonte === 2 ? (this.tpraIds.get(competition.guid) ?? 0) : 0,
    };
  }

  /**
   * `id_statoPUC` (§1): 4 until the start (the federation almost never says 3, "registration
   * open": about one competition in a thousand), 2 while it runs, 1 after; team championships
   * say 0, a few 2 while they run.
   */
  rowStatus(competition: Competition, now: number): number {
    const status = statusAt(competition, now);
    const hash = hashParts(this.seed, 'row-status', competition.guid);
    if (competition.codFonte === 3) return status === 2 && hash % 3 === 0 ? 2 : 0;
    if (status === 3) return hash % 1000 === 0 ? 3 : 4;
    return status;
  }

  /** `TournamentId` of a tournament. */
  tournamentIdOf(uid: string): number {
    this.ready();
    return this.tournamentIds.get(uid.trim().toUpperCase()) ?? preferredTournamentId(uid);
  }

  findTournamentById(tournamentId: number): TournamentRef | undefined {
    this.ready();
    const uid = this.tournamentsById.get(tournamentId);
    return uid === undefined ? undefined : this.tournamentsByUid.get(uid);
  }

  /** `id_torneo_digital` of a TPRA competition (0 for others). */
  tpraIdOf(guid: string): number {
    const competition = this.findCompetition(guid);
    return competition?.codFonte === 2 ? (this.tpraIds.get(competition.guid) ?? 0) : 0;
  }

  detail(guid: string, now: number): DetailResult {
    this.ensureCoverage(now);
    const competition = this.findCompetition(guid);
    if (!competition) return { kind: 'unknown' };
    if (!isPublished(competition, now)) return { kind: 'unpublished' };
    if (competition.codFonte !== 1) return { kind: 'no-detail' };
    return { kind: 'found', view: this.detailOf(competition, now) };
  }

  /** The competition as it is at `now` (any source: TPRA and team rows have one internally). */
  detailOf(competition: Competition, now: number): CompetitionDetailView {
    const timeline = this.timelineOf(competition);
    const tournaments = this.detailWithoutSections(competition, now).map((t, i): TournamentView => {
      const generated = timeline.tournaments[i];
      const overlay = this.overlays.get(t.spec.uid);
      const allItems = [...(generated?.items ?? []), ...(overlay?.items ?? [])];
      const items = allItems
        .filter((item) => item.publishedAt <= now)
        .sort((a, b) => a.publishedAt - b.publishedAt || a.id - b.id);
      const drawTimes = allItems.filter((item) => item.kind === 'draw').map((item) => item.publishedAt);
      return { ...t, items, drawPublishedAt: drawTimes.length > 0 ? Math.min(...drawTimes) : undefined };
    });
    // Sections hold the entries as drawn once the draw is out, the current ones before.
    const withSections = tournaments.map((t): TournamentView => {
      const drawn =
        t.drawPublishedAt !== undefined && t.drawPublishedAt <= now
          ? this.participantsAt(competition, t.spec, t.drawPublishedAt)
          : t.participants;
      return {
        ...t,
        sections: sectionsOf(this.seed, competition, t.spec, drawAbbreviation(t.spec), drawn),
      };
    });
    return { ...this.view(competition, now), tournaments: withSections };
  }

  private participantsAt(competition: Competition, spec: TournamentSpec, at: number): readonly Participant[] {
    const view = this.detailWithoutSections(competition, at);
    return view.find((t) => t.spec.uid === spec.uid)?.participants ?? [];
  }

  private detailWithoutSections(competition: Competition, now: number): TournamentView[] {
    const timeline = this.timelineOf(competition);
    const roster = this.rosterOf(competition);
    return competition.tournaments.map((spec, i): TournamentView => {
      const generated = timeline.tournaments[i];
      const overlay = this.overlays.get(spec.uid);
      const participants: Participant[] = [];
      if (generated) {
        const base = participantIdBase(this.seed, spec.uid);
        for (const [k, player] of (roster[i] ?? []).entries()) {
          const at = generated.entryTimes[Math.floor(k / generated.groupSize)];
          if (at === undefined || at > now) break;
          participants.push({ participantId: base + k + 1, player, at });
        }
      }
      for (const p of overlay?.participants ?? []) if (p.at <= now) participants.push(p);
      for (let k = participants.length - 1; k >= 0; k--) {
        if (this.isWithdrawn(spec.uid, participants[k] as Participant, now)) participants.splice(k, 1);
      }
      participants.sort((a, b) => a.at - b.at || a.participantId - b.participantId);
      return {
        spec,
        tournamentId: this.tournamentIdOf(spec.uid),
        participants,
        items: [],
        drawPublishedAt: undefined,
        sections: [],
      };
    });
  }

  // --- Files and draws (§4, §5) ---------------------------------------------------------------

  /** The documents a competition lists at `now`: `<title>.pdf`, in publication order. */
  documents(guid: string, now: number): CompetitionFile[] {
    const view = this.filesView(guid, now);
    if (!view) return [];
    const taken = new Set<string>();
    const files: CompetitionFile[] = [];
    const items = view.tournaments
      .flatMap((t) => t.items.filter((item) => item.kind === 'document'))
      .sort((a, b) => a.publishedAt - b.publishedAt || a.id - b.id);
    for (const item of items) {
      const stem = item.title.replace(/[\\/:*?"<>|]+/g, '-').replace(/\.pdf$/i, '');
      let fileName = `${stem}.pdf`;
      for (let n = 2; taken.has(fileName.toLowerCase()); n++) fileName = `${stem}_${n}.pdf`;
      taken.add(fileName.toLowerCase());
      files.push({ fileName, publishedAt: item.publishedAt, title: item.title });
    }
    return files;
  }

  /** The rules a competition lists: most FITP competitions publish one file with their detail. */
  rules(guid: string, now: number): CompetitionFile[] {
    const view = this.filesView(guid, now);
    if (!view) return [];
    const c = view.competition;
    if (c.scripted || hashParts(this.seed, 'rules', c.guid) % 10 >= 6) return [];
    return [{ fileName: `Regolamento_${view.competitionId}.pdf`, publishedAt: c.publishedAt }];
  }

  /**
   * The orders of play at `now`: one file per day of play, `<prefix>_<YYYYMMDD>.pdf` with the two
   * prefixes the federation's clubs use side by side, listed in lexical order, not by date (§4).
   */
  ordersOfPlay(guid: string, now: number): CompetitionFile[] {
    const view = this.filesView(guid, now);
    if (!view) return [];
    const byDay = new Map<number, CompetitionFile>();
    for (const t of view.tournaments) {
      for (const item of t.items) {
        if (item.kind !== 'orderOfPlay') continue;
        const day = item.date ?? romeDayOf(item.publishedAt) + 1;
        const current = byDay.get(day);
        if (current && current.publishedAt <= item.publishedAt) continue;
        const prefix =
          hashParts(this.seed, 'oop-prefix', view.competition.guid, day) % 2 === 0
            ? 'orariodigioco'
            : 'oraridigioco';
        const named = /\.pdf$/i.test(item.title) ? item.title : undefined;
        byDay.set(day, {
          fileName: named ?? `${prefix}_${formatIsoDate(day).replaceAll('-', '')}.pdf`,
          publishedAt: item.publishedAt,
          day,
          ...(item.layout && { layout: item.layout }),
          ...(item.matches && { matches: item.matches }),
        });
      }
    }
    return [...byDay.values()].sort((a, b) =>
      a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0,
    );
  }

  /** The competition behind a file call: published, any source; undefined otherwise. */
  filesView(guid: string, now: number): CompetitionDetailView | undefined {
    this.ensureCoverage(now);
    const competition = this.findCompetition(guid);
    if (!competition || !isPublished(competition, now)) return undefined;
    return this.detailOf(competition, now);
  }

  /** The draw of a tournament's section at `now` (§5); undefined for an unknown pair of keys. */
  draw(tournamentId: number, sectionCode: string, now: number): DrawAnswer | undefined {
    this.ensureCoverage(now);
    const ref = this.findTournamentById(tournamentId);
    if (!ref || !isPublished(ref.competition, now)) return undefined;
    const view = this.detailOf(ref.competition, now);
    const tournament = view.tournaments[ref.index];
    const section = tournament?.sections.find((s) => s.code === sectionCode.trim().toUpperCase());
    if (!tournament || !section) return undefined;
    const published = tournament.drawPublishedAt !== undefined && tournament.drawPublishedAt <= now;
    return {
      competition: ref.competition,
      tournament,
      section,
      matches: published
        ? buildDraw(
            this.seed,
            section,
            this.scheduleOf(ref.competition, tournament, section),
            now,
            (r, p) => {
              const scored = this.scoredResults.get(section.code)?.get(`${r}:${p}`);
              return scored && scored.at <= now ? scored.result : undefined;
            },
          )
        : [],
    };
  }

  /** The days a section plays on (intermediate sections first, final ones after) and its courts. */
  scheduleOf(competition: Competition, tournament: TournamentView, section: Section) {
    const days: number[] = [];
    for (let d = competition.startDay; d <= competition.endDay; d++) days.push(d);
    const split = tournament.sections.length > 1 ? Math.max(1, Math.ceil(days.length / 2)) : 0;
    const own = section.intermediate
      ? days.slice(0, Math.max(1, split))
      : days.slice(split > 0 && days.length > 1 ? split : 0);
    return { days: own.length > 0 ? own : days, courts: courtsOf(this.seed, tournament.spec.uid) };
  }

  findPlayer(cardNumber: string): Player | undefined {
    return this.scriptedPlayers.get(cardNumber) ?? this.pool.findByCard(cardNumber);
  }

  /** The player's entries visible at `now` (published competition, subscription time passed). */
  playerEntries(cardNumber: string, now: number): PlayerEntry[] {
    this.ensureCoverage(now);
    const entries: PlayerEntry[] = [];
    const visible = (competition: Competition, at: number): boolean =>
      at <= now && isPublished(competition, now);
    const poolPlayer = this.scriptedPlayers.has(cardNumber) ? undefined : this.pool.findByCard(cardNumber);
    if (poolPlayer) {
      this.indexGeneratedEntries(poolPlayer.province.regionId);
      for (const ref of this.entriesByPlayer.get(poolPlayer.index) ?? []) {
        if (
          visible(ref.competition, ref.at) &&
          !this.withdrawnAt(ref.tournamentUid, cardNumber, ref.at, now)
        ) {
          entries.push({
            competitionGuid: ref.competition.guid,
            tournamentUid: ref.tournamentUid,
            at: ref.at,
          });
        }
      }
    }
    for (const [uid, overlay] of this.overlays) {
      const ref = this.tournamentsByUid.get(uid);
      if (!ref) continue;
      for (const p of overlay.participants) {
        if (
          p.player.cardNumber === cardNumber &&
          visible(ref.competition, p.at) &&
          !this.withdrawnAt(uid, cardNumber, p.at, now)
        ) {
          entries.push({ competitionGuid: ref.competition.guid, tournamentUid: uid, at: p.at });
        }
      }
    }
    return entries.sort((a, b) => a.at - b.at || a.tournamentUid.localeCompare(b.tournamentUid));
  }

  private indexGeneratedEntries(regionId: number): void {
    const pending = this.unindexed.get(regionId) ?? [];
    this.unindexed.delete(regionId);
    for (const competition of pending) {
      const timeline = this.timelineOf(competition);
      this.rosterOf(competition).forEach((players, i) => {
        const tournament = timeline.tournaments[i];
        const spec = competition.tournaments[i];
        if (!tournament || !spec) return;
        players.forEach((player, k) => {
          const at = tournament.entryTimes[Math.floor(k / tournament.groupSize)];
          if (at === undefined) return;
          getOrInsert(this.entriesByPlayer, player.index, () => []).push({
            competition,
            tournamentUid: spec.uid,
            at,
          });
        });
      });
    }
  }

  // --- Scripted additions -------------------------------------------------------------------

  addCompetition(competition: Competition): void {
    this.ready();
    if (this.byGuid.has(competition.guid)) throw new DuplicateError(`Competition ${competition.guid} exists`);
    for (const spec of competition.tournaments) {
      if (this.tournamentsByUid.has(spec.uid)) throw new DuplicateError(`Tournament ${spec.uid} exists`);
    }
    this.register(competition);
    this.competitions = [...this.competitions, competition].sort(compareCompetitions);
  }

  /**
   * Replaces a competition with an updated version of itself (same guid), as changed at `at`.
   * Its generated activity stays as it was; new tournaments start without any.
   */
  replaceCompetition(updated: Competition, at: number): void {
    const current = this.findCompetition(updated.guid);
    if (!current) throw new NotFoundError(`Unknown competition ${updated.guid}`);
    for (const spec of updated.tournaments) {
      const owner = this.tournamentsByUid.get(spec.uid);
      if (owner && owner.competition.guid !== updated.guid) {
        throw new DuplicateError(`Tournament ${spec.uid} exists`);
      }
    }
    this.register(updated, false);
    this.competitions = this.competitions
      .map((c) => (c.guid === updated.guid ? updated : c))
      .sort(compareCompetitions);
    for (const refs of this.entriesByPlayer.values()) {
      refs.forEach((ref, i) => {
        if (ref.competition.guid === updated.guid) refs[i] = { ...ref, competition: updated };
      });
    }
    for (const pending of this.unindexed.values()) {
      pending.forEach((c, i) => {
        if (c.guid === updated.guid) pending[i] = updated;
      });
    }
    this.noteScriptedChange(updated, at);
  }

  addItem(
    tournamentUid: string,
    item: {
      kind: ItemKind;
      title: string;
      publishedAt: number;
      date?: number | undefined;
      layout?: OrderOfPlayLayout | undefined;
      matches?: readonly ScriptedOopMatch[] | undefined;
    },
  ): PublishedItem {
    const ref = this.requireTournament(tournamentUid);
    const overlay = this.overlayOf(ref.spec.uid);
    const id = SCRIPTED_ITEM_ID_START + overlay.items.length;
    const published: PublishedItem = {
      id,
      kind: item.kind,
      title: item.title,
      publishedAt: item.publishedAt,
      ...(item.date === undefined ? {} : { date: item.date }),
      ...(item.layout && { layout: item.layout }),
      ...(item.matches && { matches: item.matches }),
    };
    overlay.items.push(published);
    this.noteScriptedChange(ref.competition, item.publishedAt);
    return published;
  }

  /** A scripted item of a tournament by id. */
  overlayItem(tournamentUid: string, id: number): PublishedItem | undefined {
    return this.overlays.get(tournamentUid.trim().toUpperCase())?.items.find((i) => i.id === id);
  }

  addEntry(tournamentUid: string, player: Player, at: number): Participant {
    const ref = this.requireTournament(tournamentUid);
    const overlay = this.overlayOf(ref.spec.uid);
    const participantId =
      participantIdBase(this.seed, ref.spec.uid) +
      SCRIPTED_PARTICIPANT_OFFSET +
      overlay.participants.length +
      1;
    const participant: Participant = { participantId, player, at };
    overlay.participants.push(participant);
    this.noteScriptedChange(ref.competition, at);
    return participant;
  }

  /**
   * Takes a card off a tournament's entry list as of `at` (a withdrawal, or the organiser
   * removing it): from then on neither the detail nor the player's entries show it. An entry
   * made again after `at` (addEntry) shows again. Answers whether the card was on the list.
   */
  withdrawEntry(tournamentUid: string, cardNumber: string, at: number): boolean {
    const ref = this.requireTournament(tournamentUid);
    const participants = isPublished(ref.competition, at)
      ? (this.detailWithoutSections(ref.competition, at)[ref.index]?.participants ?? [])
      : [];
    const index = participants.findIndex((p) => p.player.cardNumber === cardNumber);
    if (index < 0) return false;
    const gone = getOrInsert(this.withdrawals, ref.spec.uid, () => new Map());
    gone.set(cardNumber, at);
    // A pair enters and leaves together: its rows stay adjacent, the pairs after it too.
    if (isDoubles(ref.spec.type)) {
      const partner = participants[index % 2 === 0 ? index + 1 : index - 1];
      if (partner) gone.set(partner.player.cardNumber, at);
    }
    this.noteScriptedChange(ref.competition, at);
    return true;
  }

  private isWithdrawn(uid: string, p: Participant, now: number): boolean {
    return this.withdrawnAt(uid, p.player.cardNumber, p.at, now);
  }

  /** Scores a match of a section's draw as of `at`: it shows from then on, whatever the clock. */
  scoreMatch(sectionCode: string, round: number, position: number, result: MatchResult, at: number): void {
    getOrInsert(this.scoredResults, sectionCode, () => new Map()).set(`${round}:${position}`, { at, result });
  }

  /** Whether an entry made at `enteredAt` is withdrawn at `now`. */
  private withdrawnAt(uid: string, cardNumber: string, enteredAt: number, now: number): boolean {
    const at = this.withdrawals.get(uid)?.get(cardNumber);
    return at !== undefined && at <= now && enteredAt <= at;
  }

  addPlayer(player: Player): void {
    if (this.findPlayer(player.cardNumber)) throw new DuplicateError(`Card ${player.cardNumber} exists`);
    this.scriptedPlayers.set(player.cardNumber, player);
  }

  /** Removes every scripted competition, entry, item and player. */
  resetScripted(): void {
    const scripted = this.competitions.filter((c) => c.scripted);
    for (const c of scripted) {
      const tpraId = this.tpraIds.get(c.guid);
      if (tpraId !== undefined) this.tpraTaken.delete(tpraId);
      this.tpraIds.delete(c.guid);
      for (const spec of c.tournaments) {
        const id = this.tournamentIds.get(spec.uid);
        if (id !== undefined) this.tournamentsById.delete(id);
        this.tournamentIds.delete(spec.uid);
      }
      this.byGuid.delete(c.guid);
      this.timelines.delete(c.guid);
      this.rosters.delete(c.guid);
      for (const spec of c.tournaments) this.tournamentsByUid.delete(spec.uid);
    }
    if (scripted.length > 0) {
      this.competitions = this.competitions.filter((c) => !c.scripted);
      for (const [index, refs] of this.entriesByPlayer) {
        this.entriesByPlayer.set(
          index,
          refs.filter((r) => !r.competition.scripted),
        );
      }
      for (const [regionId, pending] of this.unindexed) {
        this.unindexed.set(
          regionId,
          pending.filter((c) => !c.scripted),
        );
      }
    }
    this.overlays.clear();
    this.withdrawals.clear();
    this.scoredResults.clear();
    this.scriptedChanges.clear();
    this.scriptedPlayers.clear();
  }

  stats(now: number): FederationStats {
    this.ensureCoverage(now);
    const byStatus: Record<IdStato, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
    let published = 0;
    for (const c of this.competitions) {
      if (!isPublished(c, now)) continue;
      published++;
      byStatus[statusAt(c, now)]++;
    }
    return {
      generated: this.generatedCount,
      scripted: this.competitions.length - this.generatedCount,
      published,
      byStatus,
      tournaments: this.tournamentsByUid.size,
      players: { pool: this.pool.size, scripted: this.scriptedPlayers.size },
      scriptedEntries: [...this.overlays.values()].reduce((n, o) => n + o.participants.length, 0),
      scriptedItems: [...this.overlays.values()].reduce((n, o) => n + o.items.length, 0),
    };
  }

  private requireTournament(uid: string): TournamentRef {
    const ref = this.findTournament(uid);
    if (!ref) throw new NotFoundError(`Unknown tournament ${uid}`);
    return ref;
  }

  private overlayOf(uid: string): TournamentOverlay {
    return getOrInsert(this.overlays, uid, () => ({ participants: [], items: [] }));
  }

  private noteScriptedChange(competition: Competition, at: number): void {
    getOrInsert(this.scriptedChanges, competition.guid, () => []).push(at);
  }
}

export class NotFoundError extends Error {}

export interface FederationStats {
  readonly generated: number;
  readonly scripted: number;
  readonly published: number;
  readonly byStatus: Record<IdStato, number>;
  readonly tournaments: number;
  readonly players: { readonly pool: number; readonly scripted: number };
  readonly scriptedEntries: number;
  readonly scriptedItems: number;
}

function compareCompetitions(a: Competition, b: Competition): number {
  return a.startDay - b.startDay || (a.guid < b.guid ? -1 : a.guid > b.guid ? 1 : 0);
}
