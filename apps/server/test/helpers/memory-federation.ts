/**
 * A small in-memory FederationClient (federation/types.ts) for the card, reminder and detail
 * tests: player sheets and files held in maps, `down` makes every call "service down". The calls
 * it receives are counted, so a test can say the federation was not asked.
 */
import { FederationUnavailableError } from '../../src/federation/errors';
import type {
  FederationClient,
  FederationDownload,
  FederationFileKind,
  FederationPlayer,
} from '../../src/federation/types';
import type { createTestApp } from './test-app';

export interface MemoryFederation extends FederationClient {
  players: Map<string, FederationPlayer>;
  /** `<kind>:<guid>:<fileName>` → its content type and bytes. */
  files: Map<string, { contentType: string; bytes: Uint8Array }>;
  down: boolean;
  calls: string[];
}

export const fileKey = (kind: FederationFileKind, guid: string, fileName: string | null) =>
  `${kind}:${guid}:${fileName ?? ''}`;

export function memoryFederation(): MemoryFederation {
  const fed: MemoryFederation = {
    baseUrl: 'memory://federation',
    players: new Map(),
    files: new Map(),
    down: false,
    calls: [],
    async listPage() {
      enter('listPage');
      return { total: 0, received: 0, rows: [], skipped: [] };
    },
    async competitionDetail() {
      enter('competitionDetail');
      return { kind: 'not-found' };
    },
    async documents() {
      enter('documents');
      return [];
    },
    async rules() {
      enter('rules');
      return [];
    },
    async ordersOfPlay() {
      enter('ordersOfPlay');
      return [];
    },
    async draw() {
      enter('draw');
      return null;
    },
    async playerSheet(cardNumber) {
      enter('playerSheet');
      return fed.players.get(cardNumber) ?? null;
    },
    async download(kind, guid, fileName): Promise<FederationDownload | null> {
      enter('download');
      const file = fed.files.get(fileKey(kind, guid, fileName));
      if (!file) return null;
      return {
        contentType: file.contentType,
        length: file.bytes.length,
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(file.bytes);
            controller.close();
          },
        }),
      };
    },
  };
  function enter(endpoint: string) {
    fed.calls.push(endpoint);
    if (fed.down) throw new FederationUnavailableError(endpoint, 'status', 503);
  }
  return fed;
}

type AppFederation = NonNullable<Parameters<typeof createTestApp>[0]>['federation'];

/**
 * The app's federation option. The app's FederationClient is the interface of types.ts, which
 * this implements; the cast only bridges the interval while the client module is rewritten to it.
 */
export const asAppFederation = (fed: MemoryFederation): AppFederation => fed as unknown as AppFederation;

export function aPlayer(cardNumber: string, overrides: Partial<FederationPlayer> = {}): FederationPlayer {
  return {
    cardNumber,
    name: 'Giulia',
    surname: 'Bianchi',
    club: 'TC Parioli',
    municipality: 'Roma',
    province: 'RM',
    category: 'Terza',
    ranking: '3.2',
    bestRanking: '2.8',
    bestRankingSeason: '2024',
    ...overrides,
  };
}
