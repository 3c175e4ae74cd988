/**
 * The dashboard's federation card status (spec §2 Dashboard): read from the FITP module's card
 * (issue 13): connected or not, the card number, the player's current ranking from the last
 * federation snapshot, and the player's first name for the greeting.
 */
import type { Db } from '../../db/client';
import { findCard } from '../fitp/fitp.repository';

export interface FederationCardStatus {
  connected: boolean;
  cardNumber: string | null;
  ranking: string | null;
  /** The federation player's first name, when a card is connected. */
  firstName: string | null;
}

export async function federationCardStatus(db: Db, userId: string): Promise<FederationCardStatus> {
  const card = await findCard(db, userId);
  if (!card) return { connected: false, cardNumber: null, ranking: null, firstName: null };
  return {
    connected: true,
    cardNumber: card.cardNumber,
    ranking: card.ranking ?? null,
    firstName: card.name.trim() || null,
  };
}
