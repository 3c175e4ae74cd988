/**
 * Followed tournaments (spec §3 Subscription, §4 Tournament subscription) and the payloads of the
 * subscriptions calls of spec §7:
 * - `GET /api/subscriptions/my-tournaments`: the followed tournaments by section;
 * - `GET /api/subscriptions/check_subscriptions`: the light list of what the user follows;
 * - `POST /api/subscriptions/tournaments/subscribe` `{ competitionGuid, tournamentUuid }`;
 * - `DELETE /api/subscriptions/tournaments/unsubscribe/{id}`;
 * - `PATCH /api/subscriptions/tournaments/subscribe/{id}/notifications` `{ enabled }`;
 * - `PATCH /api/subscriptions/tournaments/subscribe/{id}/lost` `{ lost }` (mark / unmark lost;
 *   the spec names the action, not its path).
 * `{id}` is the subscription's id (`subscriptionId` in the competition answers).
 */
import { z } from 'zod';
import { competitionGuidSchema, federationIdSchema, tournamentDrawFields } from './competitions-api';
import { CUT_LINE_STATES } from './fitp';

/**
 * Registration-deadline reminders (spec §9): their notification type and offset before the
 * deadline. Days are calendar days on the Rome clock (a week before 18:00 is 18:00 seven days
 * earlier, across a daylight-saving change too); hours are elapsed hours.
 */
export const REMINDER_OFFSETS = [
  { type: 'reminder_1w', days: 7, hours: 0 },
  { type: 'reminder_3d', days: 3, hours: 0 },
  { type: 'reminder_1d', days: 1, hours: 0 },
  { type: 'reminder_5h', days: 0, hours: 5 },
] as const;
export type ReminderType = (typeof REMINDER_OFFSETS)[number]['type'];

/** A tournament's uuid as the API accepts it: any case, canonical upper case out. */
export const tournamentUuidSchema = federationIdSchema;

export const subscribeBodySchema = z
  .object({ competitionGuid: competitionGuidSchema, tournamentUuid: tournamentUuidSchema })
  .meta({ id: 'SubscribeBody' });
export type SubscribeBody = z.input<typeof subscribeBodySchema>;

export const subscriptionIdParamSchema = z.object({ id: z.uuid() });

/** Spec §3 "notification-settings toggle: enabled (boolean)". */
export const subscriptionNotificationsBodySchema = z
  .object({ enabled: z.boolean() })
  .meta({ id: 'SubscriptionNotificationsBody' });
export type SubscriptionNotificationsBody = z.infer<typeof subscriptionNotificationsBodySchema>;

export const subscriptionLostBodySchema = z
  .object({ lost: z.boolean() })
  .meta({ id: 'SubscriptionLostBody' });
export type SubscriptionLostBody = z.infer<typeof subscriptionLostBodySchema>;

/**
 * The sections of My tournaments (spec §2): by the competition's status now (upcoming, open
 * registration, ongoing, concluded), and the lost ones apart whatever their status.
 */
export const MY_TOURNAMENT_SECTIONS = [
  'open_registration',
  'upcoming',
  'ongoing',
  'concluded',
  'lost',
] as const;
export type MyTournamentSection = (typeof MY_TOURNAMENT_SECTIONS)[number];

/** One followed tournament (the light form: `check_subscriptions`, and the answer of every write). */
export const subscriptionSchema = z
  .object({
    id: z.uuid(),
    competitionGuid: z.string(),
    tournamentUuid: z.string(),
    notificationsEnabled: z.boolean(),
    lost: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;

export const checkSubscriptionsSchema = z
  .object({ items: z.array(subscriptionSchema) })
  .meta({ id: 'CheckSubscriptions' });
export type CheckSubscriptions = z.infer<typeof checkSubscriptionsSchema>;

const isoInstant = z.iso.datetime({ offset: true });

/** A followed tournament with what My tournaments shows of it. */
export const followedTournamentSchema = subscriptionSchema
  .extend({
    section: z.enum(MY_TOURNAMENT_SECTIONS),
    /** Null when the federation no longer lists the competition (the follow is kept). */
    competition: z
      .object({
        name: z.string(),
        club: z.string().nullable(),
        city: z.string().nullable(),
        provinceSigla: z.string().nullable(),
        startDate: z.iso.date(),
        endDate: z.iso.date(),
        /** 1 concluded, 2 ongoing, 3 open registration, 4 upcoming, at the time of the answer. */
        status: z.literal([1, 2, 3, 4]),
        registrationOpensAt: isoInstant.nullable(),
        registrationClosesAt: isoInstant.nullable(),
      })
      .nullable(),
    tournament: z.object(tournamentDrawFields).nullable(),
    /** The user's entry by their FITP card: position out of the entries and the cut line; null when not entered (or no card). */
    myEntry: z
      .object({
        position: z.number().int(),
        total: z.number().int(),
        cutLine: z.enum(CUT_LINE_STATES),
        reservePosition: z.number().int().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'FollowedTournament' });
export type FollowedTournament = z.infer<typeof followedTournamentSchema>;

/** `GET /api/subscriptions/my-tournaments`: every followed tournament, each in its section. */
export const myTournamentsSchema = z
  .object({ items: z.array(followedTournamentSchema) })
  .meta({ id: 'MyTournaments' });
export type MyTournaments = z.infer<typeof myTournamentsSchema>;
