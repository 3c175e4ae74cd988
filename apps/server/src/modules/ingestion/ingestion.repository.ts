/**
 * SQL of ingestion: reading what is stored for change detection, and writing the federation's
 * data with the change events in the same transaction.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import {
  competitionEvents,
  competitions,
  federationStatus,
  participants,
  tournamentItems,
  tournaments,
} from '../../db/schema';
import type { NewCompetitionEvent } from '../events/events';

/** Serialises event writers, so that event ids grow in commit order (consumers keep id cursors). */
const EVENTS_LOCK_ID = 727_002;

export type StoredListState = {
  guid: string;
  name: string;
  startDate: string;
  endDate: string;
  registrationClosesAt: Date | null;
  federationModifiedAt: Date | null;
  detailSyncedAt: Date | null;
  detailModifiedAt: Date | null;
  detailStatus: 'found' | 'unpublished' | null;
};

/** The stored state of these competitions, locked until the transaction ends. */
export async function lockListState(tx: Tx, guids: string[]): Promise<Map<string, StoredListState>> {
  if (guids.length === 0) return new Map();
  const rows = await tx
    .select({
      guid: competitions.guid,
      name: competitions.name,
      startDate: competitions.startDate,
      endDate: competitions.endDate,
      registrationClosesAt: competitions.registrationClosesAt,
      federationModifiedAt: competitions.federationModifiedAt,
      detailSyncedAt: competitions.detailSyncedAt,
      detailModifiedAt: competitions.detailModifiedAt,
      detailStatus: competitions.detailStatus,
    })
    .from(competitions)
    .where(inArray(competitions.guid, guids))
    .for('update');
  return new Map(rows.map((row) => [row.guid, row]));
}

export type StoredDraw = {
  competitionGuid: string;
  type: string | null;
  categoryClass: number | null;
  ageCategory: string | null;
};

export async function findTournamentDraws(tx: Tx, guids: string[]): Promise<StoredDraw[]> {
  if (guids.length === 0) return [];
  return tx
    .select({
      competitionGuid: tournaments.competitionGuid,
      type: tournaments.type,
      categoryClass: tournaments.categoryClass,
      ageCategory: tournaments.ageCategory,
    })
    .from(tournaments)
    .where(inArray(tournaments.competitionGuid, guids));
}

export type CompetitionListValues = typeof competitions.$inferInsert;

/** Inserts or updates competitions from list rows; what only the detail knows is left alone. */
export async function upsertListRows(tx: Tx, values: CompetitionListValues[]): Promise<void> {
  if (values.length === 0) return;
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await tx
    .insert(competitions)
    .values(values)
    .onConflictDoUpdate({
      target: competitions.guid,
      set: {
        name: excluded('name'),
        club: excluded('club'),
        city: excluded('city'),
        provinceSigla: excluded('province_sigla'),
        provinceId: excluded('province_id'),
        regionId: excluded('region_id'),
        startDate: excluded('start_date'),
        endDate: excluded('end_date'),
        codFonte: excluded('cod_fonte'),
        fonteLabel: excluded('fonte_label'),
        idDisciplina: excluded('id_disciplina'),
        idStato: excluded('id_stato'),
        tipoTorneo: excluded('tipo_torneo'),
        catClass: excluded('cat_class'),
        catEta: excluded('cat_eta'),
        drawKeys: excluded('draw_keys'),
        prizeMoney: excluded('prize_money'),
        onlineRegistration: excluded('online_registration'),
        authorized: excluded('authorized'),
        registrationOpensAt: excluded('registration_opens_at'),
        registrationClosesAt: excluded('registration_closes_at'),
        federationModifiedAt: excluded('federation_modified_at'),
        searchText: excluded('search_text'),
        listSyncedAt: excluded('list_synced_at'),
        updatedAt: excluded('updated_at'),
      },
    });
}

/** Records events once each (by dedupe key); returns those actually recorded. */
export async function insertEvents(
  tx: Tx,
  events: NewCompetitionEvent[],
  now: Date,
): Promise<NewCompetitionEvent[]> {
  if (events.length === 0) return [];
  await tx.execute(sql`select pg_advisory_xact_lock(${EVENTS_LOCK_ID})`);
  const inserted = await tx
    .insert(competitionEvents)
    .values(
      events.map((event) => ({
        ...event,
        payload: event.payload as unknown as Record<string, unknown>,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: competitionEvents.dedupeKey })
    .returning({ dedupeKey: competitionEvents.dedupeKey });
  const keys = new Set(inserted.map((row) => row.dedupeKey));
  return events.filter((event) => keys.has(event.dedupeKey));
}

export type StoredDetailState = {
  competition: {
    guid: string;
    name: string;
    tipoTorneo: string | null;
    catClass: number | null;
    catEta: string | null;
    prizeMoney: number;
    federationModifiedAt: Date | null;
    detailSyncedAt: Date | null;
  };
  tournamentUuids: Set<string>;
  /** `uuid|kind|id` of every stored item. */
  itemKeys: Set<string>;
};

export const itemKey = (uuid: string, kind: string, id: number) => `${uuid}|${kind}|${id}`;

export async function lockDetailState(tx: Tx, guid: string): Promise<StoredDetailState | null> {
  const [competition] = await tx
    .select({
      guid: competitions.guid,
      name: competitions.name,
      tipoTorneo: competitions.tipoTorneo,
      catClass: competitions.catClass,
      catEta: competitions.catEta,
      prizeMoney: competitions.prizeMoney,
      federationModifiedAt: competitions.federationModifiedAt,
      detailSyncedAt: competitions.detailSyncedAt,
    })
    .from(competitions)
    .where(eq(competitions.guid, guid))
    .for('update');
  if (!competition) return null;
  const storedTournaments = await tx
    .select({ uuid: tournaments.uuid })
    .from(tournaments)
    .where(eq(tournaments.competitionGuid, guid));
  const items = await tx
    .select({ uuid: tournamentItems.tournamentUuid, kind: tournamentItems.kind, id: tournamentItems.itemId })
    .from(tournamentItems)
    .where(eq(tournamentItems.competitionGuid, guid));
  return {
    competition,
    tournamentUuids: new Set(storedTournaments.map((t) => t.uuid)),
    itemKeys: new Set(items.map((i) => itemKey(i.uuid, i.kind, i.id))),
  };
}

export async function upsertTournaments(tx: Tx, values: (typeof tournaments.$inferInsert)[]): Promise<void> {
  if (values.length === 0) return;
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await tx
    .insert(tournaments)
    .values(values)
    .onConflictDoUpdate({
      target: tournaments.uuid,
      set: {
        competitionGuid: excluded('competition_guid'),
        ordinal: excluded('ordinal'),
        description: excluded('description'),
        type: excluded('type'),
        categoryClass: excluded('category_class'),
        ageCategory: excluded('age_category'),
        rankingLimit: excluded('ranking_limit'),
        isDouble: excluded('is_double'),
        participantsCount: excluded('participants_count'),
        maxParticipants: excluded('max_participants'),
        admissionType: excluded('admission_type'),
        surface: excluded('surface'),
        balls: excluded('balls'),
        matchFormat: excluded('match_format'),
        updatedAt: excluded('updated_at'),
      },
    });
}

/** Replaces the entry lists of these tournaments. */
export async function replaceParticipants(
  tx: Tx,
  tournamentUuids: string[],
  rows: (typeof participants.$inferInsert)[],
): Promise<void> {
  if (tournamentUuids.length === 0) return;
  await tx.delete(participants).where(inArray(participants.tournamentUuid, tournamentUuids));
  // In chunks: a statement takes at most 65,535 parameters.
  for (let i = 0; i < rows.length; i += 2000) await tx.insert(participants).values(rows.slice(i, i + 2000));
}

export async function upsertItems(tx: Tx, rows: (typeof tournamentItems.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(tournamentItems)
    .values(rows)
    .onConflictDoUpdate({
      target: [tournamentItems.tournamentUuid, tournamentItems.kind, tournamentItems.itemId],
      set: {
        title: sql`excluded.title`,
        url: sql`excluded.url`,
        playDate: sql`excluded.play_date`,
        publishedAt: sql`excluded.published_at`,
      },
    });
}

export async function updateCompetitionDetail(
  tx: Tx,
  guid: string,
  values: PgUpdateSetSource<typeof competitions>,
): Promise<void> {
  await tx.update(competitions).set(values).where(eq(competitions.guid, guid));
}

/**
 * A detail read that found what was last written (decision 134): moves only
 * `detail_synced_at`, and answers whether it did. The statement itself decides that the whole
 * write would change nothing: the same fingerprint (tournaments, participants, items, links),
 * still `found` at the list's `data_modifica`, and a prize the detail would not fill in (the
 * list's prize, when it has one, wins; a list pass may have put back a 0). Every other column
 * the detail writes follows from those. False means the caller writes the detail.
 */
export async function touchUnchangedDetail(
  db: Db,
  guid: string,
  detail: { fingerprint: string; prizeMoney: number },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(competitions)
    .set({ detailSyncedAt: now })
    .where(
      and(
        eq(competitions.guid, guid),
        eq(competitions.detailFingerprint, detail.fingerprint),
        eq(competitions.detailStatus, 'found'),
        sql`${competitions.detailModifiedAt} is not distinct from ${competitions.federationModifiedAt}`,
        detail.prizeMoney === 0 ? undefined : gt(competitions.prizeMoney, 0),
      ),
    )
    .returning({ guid: competitions.guid });
  return rows.length > 0;
}

/** The competition's totals, counted from its stored tournaments and items. */
export const participantsCountOf = (guid: string) =>
  sql<number>`(select coalesce(sum(${tournaments.participantsCount}), 0)::int from ${tournaments} where ${tournaments.competitionGuid} = ${guid})`;
export const itemsCountOf = (guid: string) =>
  sql<number>`(select count(*)::int from ${tournamentItems} where ${tournamentItems.competitionGuid} = ${guid})`;

export async function hasCompetition(db: Db, guid: string): Promise<boolean> {
  const rows = await db
    .select({ guid: competitions.guid })
    .from(competitions)
    .where(eq(competitions.guid, guid));
  return rows.length > 0;
}

// --- Federation status ----------------------------------------------------------------------------

/** The one row of `federation_status`. */
export const STATUS_ID = 'fitp';

export type FederationStatus = typeof federationStatus.$inferSelect;

export async function readFederationStatus(db: Db): Promise<FederationStatus | null> {
  const [row] = await db.select().from(federationStatus).where(eq(federationStatus.id, STATUS_ID));
  return row ?? null;
}

export async function writeFederationStatus(
  db: Db,
  now: Date,
  changes: Partial<Omit<FederationStatus, 'id' | 'updatedAt'>>,
): Promise<void> {
  await db
    .insert(federationStatus)
    .values({ id: STATUS_ID, state: 'up', ...changes, updatedAt: now })
    .onConflictDoUpdate({ target: federationStatus.id, set: { ...changes, updatedAt: now } });
}

/** How stale `last_success_at` may grow while the federation stays up (decision 134). */
export const FEDERATION_UP_REFRESH_MS = 60_000;

/**
 * The federation answered. Written only when the row says otherwise or its last success is
 * older than {@link FEDERATION_UP_REFRESH_MS}: every live detail read ends here, and a row
 * rewritten (and locked) by each of them would queue concurrent readers behind one another.
 */
export async function markFederationUp(db: Db, now: Date): Promise<void> {
  const at = now.toISOString();
  const fresh = new Date(now.getTime() - FEDERATION_UP_REFRESH_MS).toISOString();
  await db.execute(sql`
    insert into ${federationStatus} (id, state, last_success_at, updated_at)
    select ${STATUS_ID}, 'up', ${at}::timestamptz, ${at}::timestamptz
    where not exists (
      select 1 from ${federationStatus}
      where id = ${STATUS_ID} and state = 'up' and last_success_at > ${fresh}::timestamptz
    )
    on conflict (id) do update
      set state = 'up', last_success_at = excluded.last_success_at, updated_at = excluded.updated_at`);
}

export async function markFederationDown(db: Db, now: Date, error: unknown): Promise<void> {
  await writeFederationStatus(db, now, {
    state: 'down',
    lastFailureAt: now,
    lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
  });
}
