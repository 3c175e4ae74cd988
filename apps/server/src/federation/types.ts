/**
 * The federation's data in the app's own names: what the client returns after mapping
 * (mapping.ts is the only place that knows the federation's field names).
 */
import type { AdmissionType, TournamentItemKind } from '@radar/shared';

export interface DrawInfo {
  type: string | null;
  categoryClass: number | null;
  ageCategory: string | null;
}

/** One row of the competition search. */
export interface FederationCompetition {
  guid: string;
  name: string;
  club: string | null;
  city: string | null;
  provinceSigla: string | null;
  provinceId: number | null;
  regionId: number | null;
  startDate: string;
  endDate: string;
  idDisciplina: string | null;
  codFonte: number | null;
  fonteLabel: string | null;
  /** The competition's main draw. */
  mainDraw: DrawInfo;
  onlineRegistration: boolean | null;
  authorized: boolean | null;
  idStato: number | null;
  /** Euro, 0 when none. */
  prizeMoney: number;
  registrationOpensAt: Date | null;
  registrationClosesAt: Date | null;
  /** `data_modifica`. */
  modifiedAt: Date | null;
}

export interface FederationItem {
  id: number;
  kind: TournamentItemKind;
  title: string;
  url: string | null;
  /** Day of play (orders of play). */
  date: string | null;
  publishedAt: Date | null;
}

export interface FederationParticipant {
  id: number;
  name: string;
  surname: string;
  membershipCard: string | null;
  ranking: string | null;
  subscriptionDate: Date | null;
  club: string | null;
}

export interface FederationTournament extends DrawInfo {
  uuid: string;
  description: string;
  rankingLimit: string | null;
  isDouble: boolean | null;
  participantsCount: number | null;
  maxParticipants: number | null;
  admissionType: AdmissionType | null;
  surface: string | null;
  balls: string | null;
  matchFormat: string | null;
  participants: FederationParticipant[];
  items: FederationItem[];
}

export interface FederationCompetitionDetail {
  name: string | null;
  city: string | null;
  provinceSigla: string | null;
  startDate: string | null;
  endDate: string | null;
  rulesUrl: string | null;
  externalUrl: string | null;
  prizeMoney: number | null;
  tournaments: FederationTournament[];
}

export type DetailResult =
  | { kind: 'found'; detail: FederationCompetitionDetail }
  /** 204: known, not published yet. */
  | { kind: 'unpublished' }
  | { kind: 'not-found' };

export interface FederationPlayer {
  cardNumber: string;
  name: string;
  surname: string;
  club: string | null;
  municipality: string | null;
  province: string | null;
  category: string | null;
  ranking: string | null;
  bestRanking: string | null;
  bestRankingSeason: string | null;
  updatedAt: Date | null;
}

export interface FederationEntry {
  competitionGuid: string;
  tournamentUuid: string;
  subscriptionDate: Date | null;
}

/** The search's criteria in the app's names; every one optional. */
export interface ListQuery {
  guid?: string;
  freetext?: string;
  regionId?: number;
  provinceId?: number;
  idStato?: number;
  codFonte?: number;
  /** `YYYY-MM-DD`: competitions overlapping [from, to]. */
  from?: string;
  to?: string;
  /** Only rows changed at or after this instant (assumed by the contract). */
  modifiedSince?: Date;
}
